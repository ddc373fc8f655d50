export type ConversationState = 'pending' | 'open' | 'snoozed' | 'resolved';
export type ConversationKind = 'conversation' | 'ticket';

export interface Conversation {
  id: string;
  contact_id: string;
  channel: string;
  state: ConversationState;
  kind: ConversationKind;
  subject: string | null;
  reference: string | null;
  priority: string | null;
  rating: number | null;
  assignee_id: string | null;
  last_message_at: Date | null;
  resolved_at: Date | null;
  created_at: Date;
}

export interface Message {
  id: string;
  direction: 'in' | 'out' | 'note';
  author_type: 'contact' | 'agent' | 'ai' | 'system';
  kind: string;
  body: string;
  created_at: Date;
}

export const CONVERSATION_COLUMNS =
  'id, contact_id, channel, state, kind, subject, reference, priority, rating, assignee_id, last_message_at, resolved_at, created_at';
