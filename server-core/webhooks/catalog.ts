/**
 * The subscribable event catalog (spec service-api.md section 6). Each event's data is an allowlist:
 * never an e-mail, name, attributes, message or ticket body, or subject.
 */
export const EVENT_TYPES = {
  'article.feedback_submitted': 'A reader rated a help-center article.',
  'contact.created':
    'A contact was created by any path (widget, API, import, sync). Data: contact_id, external_id, verified, created_at.',
  'contact.unsubscribed': 'A contact unsubscribed from messages.',
  'content.published': 'A guide or article was published.',
  'content.retracted': 'A guide or article was unpublished.',
  'content.verification_due': 'A guide or article is due for review.',
  'content.verification_expired': 'A guide or article review expired.',
  'content.verified': 'A guide or article was verified.',
  'conversation.created': 'A conversation opened on any channel; kind tells a ticket from a chat.',
  'conversation.message_received': 'A message arrived in a conversation (no body).',
  'conversation.quarantined': 'A conversation was held as spam.',
  'conversation.released': 'A quarantined conversation was restored.',
  'conversation.resolved': 'A person or the AI agent resolved a conversation (on the transition only).',
  'conversation.tagged': 'The tags of a conversation changed; source is ai, human or workflow.',
  'experience.started': 'A tour, program or survey session opened.',
  'experience.completed': 'An end user finished a tour, program or survey (dismissal is not completion).',
  'experience.published': 'A member published an experience.',
  'experience.unpublished': 'A member unpublished an experience.',
  'program.item_completed': 'A program item reached done.',
  'launcher.activated': 'A launcher was activated; first_activation marks the first for the person.',
  'banner.dismissed': 'A person dismissed a banner (once per person).',
  'announcement.seen': 'A person read an announcement for the first time.',
  'guide.captured': 'A guide was captured.',
  'guide.drifted': "A guide's selectors stopped matching its source.",
  'guide.drift_cleared': "A drifted guide's selectors match again.",
  'segment.contact_entered': 'A contact entered a segment.',
  'segment.contact_left': 'A contact left a segment.',
  'status.incident_opened': 'A status incident was opened.',
  'status.incident_updated': 'A status incident was updated.',
  'ticket.opened': 'A ticket was created.',
  'ticket.sla_breached': 'A ticket breached its SLA.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_TYPES, value);
}
