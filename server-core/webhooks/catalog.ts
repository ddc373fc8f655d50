/**
 * The subscribable event catalog (spec service-api.md section 6). Each event's data is an allowlist:
 * never an e-mail, name, attributes, message or ticket body, or subject.
 */
export const EVENT_TYPES = {
  'article.feedback_submitted': 'A reader rated a help-center article.',
  'contact.created':
    'A contact was created by any path (widget, API, import, sync); an upsert matching an existing contact sends nothing.',
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
  'experience.started':
    'A tour, program or survey session opened; trigger is auto, start (Widget.experiences.start) or program.',
  'experience.completed':
    'An end user finished a tour, program or survey (dismissal is not completion); feedback_rating is the end-of-tour rating (1-5) or null.',
  'experience.published': 'A member published an experience (a new version went live).',
  'experience.unpublished':
    'A member unpublished an experience, or archived a published one (archived true); its running sessions ended.',
  'program.item_completed': 'A program item reached done; item_kind is tour, guide, article, url or event.',
  'launcher.activated':
    'A launcher was activated (one event per activation); first_activation marks the first for the person.',
  'banner.dismissed': 'A person dismissed a banner (once per person).',
  'announcement.seen': 'A person read an announcement for the first time.',
  'guide.captured': 'A guide was captured.',
  'guide.drifted':
    "A guide's selectors stopped matching its source: misses from 3 distinct visitors within 7 days marked a step drifted.",
  'guide.drift_cleared': "A drifted guide's selectors match again: its last drifted step was found.",
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

/**
 * The data fields each event may carry, in the order they are sent. The dispatcher copies only these
 * from the outbox row (anything else an emitter adds is dropped), so a field never leaks by accident:
 * ids, enums, flags and timestamps only.
 */
export const EVENT_DATA_FIELDS: { readonly [T in EventType]: readonly string[] } = {
  'article.feedback_submitted': ['article_id', 'contact_id', 'helpful', 'submitted_at'],
  'contact.created': ['contact_id', 'external_id', 'verified', 'created_at'],
  'contact.unsubscribed': ['contact_id', 'external_id', 'unsubscribed_at'],
  'content.published': ['content_type', 'content_id', 'audience', 'published_at'],
  'content.retracted': ['content_type', 'content_id', 'audience', 'retracted_at'],
  'content.verification_due': ['content_type', 'content_id', 'due_at'],
  'content.verification_expired': ['content_type', 'content_id', 'expired_at'],
  'content.verified': ['content_type', 'content_id', 'verified_at'],
  'conversation.created': ['conversation_id', 'channel', 'kind', 'contact_id', 'created_at'],
  'conversation.message_received': [
    'conversation_id',
    'message_id',
    'channel',
    'kind',
    'contact_id',
    'received_at',
  ],
  'conversation.quarantined': ['conversation_id', 'channel', 'quarantined_at'],
  'conversation.released': ['conversation_id', 'channel', 'contact_id', 'released_at'],
  'conversation.resolved': ['conversation_id', 'channel', 'kind', 'contact_id', 'resolved_at'],
  'conversation.tagged': ['conversation_id', 'source', 'tagged_at'],
  'experience.started': [
    'experience_id',
    'type',
    'version_id',
    'session_id',
    'trigger',
    'contact_id',
    'widget_visitor_id',
    'started_at',
  ],
  'experience.completed': [
    'experience_id',
    'type',
    'version_id',
    'session_id',
    'contact_id',
    'widget_visitor_id',
    'feedback_rating',
    'completed_at',
  ],
  'experience.published': ['experience_id', 'type', 'version_id', 'published_at'],
  'experience.unpublished': ['experience_id', 'type', 'version_id', 'archived', 'unpublished_at'],
  'program.item_completed': [
    'experience_id',
    'version_id',
    'session_id',
    'item_id',
    'item_kind',
    'contact_id',
    'widget_visitor_id',
    'completed_at',
  ],
  'launcher.activated': [
    'experience_id',
    'version_id',
    'contact_id',
    'widget_visitor_id',
    'first_activation',
    'activated_at',
  ],
  'banner.dismissed': ['experience_id', 'version_id', 'contact_id', 'widget_visitor_id', 'dismissed_at'],
  'announcement.seen': ['experience_id', 'version_id', 'contact_id', 'widget_visitor_id', 'seen_at'],
  'guide.captured': ['guide_id', 'step_count', 'captured_at'],
  'guide.drifted': ['guide_id', 'step_ids', 'drifted_at'],
  'guide.drift_cleared': ['guide_id', 'cleared_at'],
  'segment.contact_entered': ['segment_id', 'contact_id', 'entered_at'],
  'segment.contact_left': ['segment_id', 'contact_id', 'left_at'],
  'status.incident_opened': ['incident_id', 'status', 'opened_at'],
  'status.incident_updated': ['incident_id', 'status', 'updated_at'],
  'ticket.opened': ['ticket_id', 'reference', 'priority', 'contact_id', 'origin', 'opened_at'],
  'ticket.sla_breached': ['ticket_id', 'reference', 'priority', 'sla', 'breached_at'],
};

/** The catalog as the event-type operations serve it, in catalog order, each naming its data fields. */
export function listEventTypes(): { name: EventType; description: string }[] {
  return (Object.keys(EVENT_TYPES) as EventType[]).map((name) => ({
    name,
    description: `${EVENT_TYPES[name]} Data: ${EVENT_DATA_FIELDS[name].join(', ')}.`,
  }));
}

/**
 * The test event (sendWebhookTestEvent, sendWebhookEndpointTestEvent): sent to the one endpoint asked for,
 * whatever it subscribes to. Outside EVENT_TYPES on purpose: nobody can subscribe to it, the event-type
 * operations do not list it, and the outbox never carries it (docs/decisions/webhooks.md, Test events).
 */
export const PING_EVENT_TYPE = 'webhook.ping';

/** Its data: the endpoint tested, and who asked (the actor type, and its id when it has one). */
export const PING_DATA_FIELDS = ['endpoint_id', 'sent_by', 'sent_by_id'] as const;

/** Names from a request that are not in the catalog (empty when every name is subscribable). */
export function unknownEventTypes(names: readonly string[]): string[] {
  return names.filter((n) => !isEventType(n));
}
