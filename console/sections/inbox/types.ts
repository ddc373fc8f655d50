import type { components } from '../../../bff/openapi/schema';

export type Conversation = components['schemas']['PortalConversation'];
export type ListedConversation = components['schemas']['PortalConversationListItem'];
export type Message = components['schemas']['PortalMessage'];
export type ConversationDetail = Conversation & { messages: Message[] };

export interface Filters {
  state: '' | Conversation['state'];
  /** Anyone, me, unassigned (`none`), or a member's user id. */
  assignee: '' | 'me' | 'none' | (string & {});
  kind: '' | Conversation['kind'];
  tag: string;
}

export const STATE_LABEL: Record<Conversation['state'], string> = {
  pending: 'Pending',
  open: 'Open',
  snoozed: 'Snoozed',
  resolved: 'Resolved',
};

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
