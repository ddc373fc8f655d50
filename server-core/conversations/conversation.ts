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

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function conversationJson(c: Conversation) {
  return {
    id: c.id,
    contact_id: c.contact_id,
    channel: c.channel,
    state: c.state,
    kind: c.kind,
    subject: c.subject,
    reference: c.reference,
    priority: c.priority,
    rating: c.rating,
    assignee_id: c.assignee_id,
    last_message_at: iso(c.last_message_at),
    resolved_at: iso(c.resolved_at),
    created_at: c.created_at.toISOString(),
  };
}

export function messageJson(m: Message) {
  return {
    id: m.id,
    direction: m.direction,
    author_type: m.author_type,
    kind: m.kind,
    body: m.body,
    created_at: m.created_at.toISOString(),
  };
}
