import { describe, expect, it } from 'vitest';
import {
  EVENT_DATA_FIELDS,
  EVENT_TYPES,
  isEventType,
  listEventTypes,
  PING_DATA_FIELDS,
  PING_EVENT_TYPE,
  unknownEventTypes,
} from './catalog';

/** The subscribable names of spec section 6, verbatim. */
const SPEC_NAMES =
  'article.feedback_submitted, contact.created, contact.unsubscribed, content.published, content.retracted, content.verification_due, content.verification_expired, content.verified, conversation.created, conversation.message_received, conversation.quarantined, conversation.released, conversation.resolved, conversation.tagged, experience.started, experience.completed, experience.published, experience.unpublished, program.item_completed, launcher.activated, banner.dismissed, announcement.seen, guide.captured, guide.drifted, guide.drift_cleared, segment.contact_entered, segment.contact_left, status.incident_opened, status.incident_updated, ticket.opened, ticket.sla_breached'.split(
    ', ',
  );

describe('event catalog', () => {
  it('holds exactly the names of the spec, each with a description naming its data fields', () => {
    expect(Object.keys(EVENT_TYPES).sort()).toEqual([...SPEC_NAMES].sort());
    const listed = listEventTypes();
    expect(listed.map((e) => e.name)).toEqual(SPEC_NAMES);
    for (const e of listed) {
      expect(e.description.length).toBeGreaterThan(20);
      expect(e.description).toContain(`Data: ${EVENT_DATA_FIELDS[e.name].join(', ')}.`);
    }
    expect(unknownEventTypes(['contact.created', 'contact.deleted', 'billing.charged'])).toEqual([
      'contact.deleted',
      'billing.charged',
    ]);
  });

  it('never allows personal data, bodies, subjects or attributes into event data', () => {
    const forbidden =
      /(e-?mail|name|attribute|body|subject|message$|text|phone|content$|reason|comment|tags?$)/;
    for (const [type, fields] of Object.entries(EVENT_DATA_FIELDS)) {
      for (const f of fields) expect(f, `${type}.${f}`).not.toMatch(forbidden);
      expect(new Set(fields).size, type).toBe(fields.length);
    }
    expect(EVENT_DATA_FIELDS['contact.created']).toEqual([
      'contact_id',
      'external_id',
      'verified',
      'created_at',
    ]);
    expect(EVENT_DATA_FIELDS['conversation.resolved']).toEqual([
      'conversation_id',
      'channel',
      'kind',
      'contact_id',
      'resolved_at',
    ]);
    expect(EVENT_DATA_FIELDS['conversation.quarantined']).not.toContain('contact_id');
    // Guide drift: which guide and steps, and when; never a URL or anything of the page.
    expect(EVENT_DATA_FIELDS['guide.drifted']).toEqual(['guide_id', 'step_ids', 'drifted_at']);
    expect(EVENT_DATA_FIELDS['guide.drift_cleared']).toEqual(['guide_id', 'cleared_at']);
  });

  it('keeps the test event out of the subscribable catalog, with data of ids and enums only', () => {
    expect(PING_EVENT_TYPE).toBe('webhook.ping');
    expect(isEventType(PING_EVENT_TYPE)).toBe(false);
    expect(listEventTypes().map((e) => e.name)).not.toContain(PING_EVENT_TYPE);
    expect(unknownEventTypes([PING_EVENT_TYPE])).toEqual([PING_EVENT_TYPE]);
    expect(PING_DATA_FIELDS).toEqual(['endpoint_id', 'sent_by', 'sent_by_id']);
  });
});
