import { describe, expect, it } from 'vitest';
import type { EventType } from './catalog';
import { CURRENT_PAYLOAD_VERSION, renderEnvelope } from './envelope';

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
