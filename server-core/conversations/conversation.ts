export type ConversationState = 'pending' | 'open' | 'snoozed' | 'resolved';
export type ConversationKind = 'conversation' | 'ticket';

/** Ticket priorities, lowest first (docs/decisions/conversations.md, Tickets). */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The longest message body (a visitor's or staff's), in characters. */
export const MAX_MESSAGE_CHARS = 5000;
/** The longest tag, and how many tags a conversation holds. */
export const MAX_TAG_CHARS = 50;
export const MAX_TAGS = 20;
export const MAX_SUBJECT_CHARS = 200;

export interface Conversation {
  id: string;
  /** Null while an anonymous visitor's conversation has no contact yet (until user.set hands it over). */
  contact_id: string | null;
  widget_visitor_id: string | null;
  channel: string;
  state: ConversationState;
  kind: ConversationKind;
  subject: string | null;
  reference: string | null;
  priority: string | null;
  rating: number | null;
  assignee_id: string | null;
  tags: string[];
  snoozed_until: Date | null;
  rating_requested_at: Date | null;
  quarantined_at: Date | null;
  first_response_at: Date | null;
  ticket_opened_at: Date | null;
  sla_first_response_breached_at: Date | null;
  sla_resolution_breached_at: Date | null;
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

/** A message with its author, as staff and the visitor read it (notes only for staff). */
export interface AuthoredMessage extends Message {
  author_id: string | null;
  /** The staff member's name (agent messages); null otherwise. */
  author_name: string | null;
}

export const CONVERSATION_COLUMNS =
  'id, contact_id, widget_visitor_id, channel, state, kind, subject, reference, priority, rating, assignee_id, ' +
  'tags, snoozed_until, rating_requested_at, quarantined_at, first_response_at, ticket_opened_at, ' +
  'sla_first_response_breached_at, sla_resolution_breached_at, last_message_at, resolved_at, created_at';

/** The same columns qualified by the alias `c` (for joins). */
export const CONVERSATION_COLUMNS_C = CONVERSATION_COLUMNS.split(', ')
  .map((col) => `c.${col}`)
  .join(', ');

/** Messages with their author's name: staff are members (users), whose name the join brings. */
export const AUTHORED_MESSAGE_SELECT = `select m.id, m.direction, m.author_type, m.author_id, m.kind, m.body, m.created_at,
    case when m.author_type = 'agent' then u.name end as author_name
  from conversation_messages m left join users u on m.author_type = 'agent' and u.id = m.author_id`;
