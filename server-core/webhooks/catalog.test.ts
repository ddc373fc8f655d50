import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_DATA_FIELDS, EVENT_TYPES, type EventType, listEventTypes, unknownEventTypes } from './catalog';
import { CURRENT_PAYLOAD_VERSION, renderEnvelope } from './envelope';
import { nextAttemptAt } from './retry-schedule';
import { generateSigningSecret, SIGNING_SECRET_PATTERN, signatureHeader } from './signing';

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
  });
});

describe('envelope', () => {
  it('renders { id, type, api_version, created_at, workspace_id, data } with allowlisted data only', () => {
    const { body, dropped } = renderEnvelope({
      deliveryKey: '01jd2m7r3x8k9q4w5e6t7y8v9a',
      payloadVersion: CURRENT_PAYLOAD_VERSION,
      event: {
        workspace_id: '01jd2m7r3x8k9q4w5e6t7y8v9b',
        id: '01jd2m7r3x8k9q4w5e6t7y8v9c',
        type: 'contact.created' satisfies EventType,
        created_at: new Date('2026-11-01T10:00:00Z'),
        data: {
          email: 'a@example.com',
          name: 'Ada',
          contact_id: 'c1',
          external_id: null,
          verified: true,
          created_at: '2026-11-01T10:00:00.000Z',
          attributes: { plan: 'pro' },
        },
      },
    });
    expect(body).toBe(
      '{"id":"01jd2m7r3x8k9q4w5e6t7y8v9a","type":"contact.created","api_version":"2026-10-09",' +
        '"created_at":"2026-11-01T10:00:00.000Z","workspace_id":"01jd2m7r3x8k9q4w5e6t7y8v9b",' +
        '"data":{"contact_id":"c1","external_id":null,"verified":true,"created_at":"2026-11-01T10:00:00.000Z"}}',
    );
    expect(dropped.sort()).toEqual(['attributes', 'email', 'name']);
  });
});

describe('signing and schedule', () => {
  it('secrets are whsec_ + 256 random bits; the signature is HMAC-SHA256 over "<t>.<body>"', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(SIGNING_SECRET_PATTERN);
    expect(generateSigningSecret()).not.toBe(secret);
    const header = signatureHeader(secret, '{"a":1}', new Date('2026-11-01T00:00:05.900Z'));
    const t = 1793491205;
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.{"a":1}`).digest('hex')}`);
  });

  it('attempts follow 0, +1 min, +5 min, +30 min, +2 h and stop after the fifth', () => {
    const t0 = new Date('2026-11-01T00:00:00Z');
    const minutes = (d: Date | null) => (d ? (d.getTime() - t0.getTime()) / 60_000 : null);
    expect(minutes(nextAttemptAt(1, t0))).toBe(1);
    expect(minutes(nextAttemptAt(2, t0))).toBe(5);
    expect(minutes(nextAttemptAt(3, t0))).toBe(30);
    expect(minutes(nextAttemptAt(4, t0))).toBe(120);
    expect(nextAttemptAt(5, t0)).toBeNull();
  });
});
