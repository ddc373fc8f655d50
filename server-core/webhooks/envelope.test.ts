import { describe, expect, it } from 'vitest';
import type { EventType } from './catalog';
import { CURRENT_PAYLOAD_VERSION, renderEnvelope, renderPingEnvelope } from './envelope';

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

  it('keeps a list of ids (guide.drifted step_ids), and drops a list holding anything but strings', () => {
    const event = (stepIds: unknown) => ({
      deliveryKey: '01jd2m7r3x8k9q4w5e6t7y8v9a',
      payloadVersion: CURRENT_PAYLOAD_VERSION,
      event: {
        workspace_id: '01jd2m7r3x8k9q4w5e6t7y8v9b',
        id: '01jd2m7r3x8k9q4w5e6t7y8v9c',
        type: 'guide.drifted' satisfies EventType,
        created_at: new Date('2026-11-01T10:00:00Z'),
        data: {
          guide_id: 'g1',
          step_ids: stepIds,
          drifted_at: '2026-11-01T10:00:00.000Z',
          url: 'https://app.example.com/',
        },
      },
    });
    const kept = renderEnvelope(event(['s1', 's2']));
    expect(JSON.parse(kept.body).data).toEqual({
      guide_id: 'g1',
      step_ids: ['s1', 's2'],
      drifted_at: '2026-11-01T10:00:00.000Z',
    });
    expect(kept.dropped).toEqual(['url']);
    const refused = renderEnvelope(event(['s1', { text: 'page content' }]));
    expect(JSON.parse(refused.body).data).toEqual({ guide_id: 'g1', drifted_at: '2026-11-01T10:00:00.000Z' });
    expect(refused.dropped.sort()).toEqual(['step_ids', 'url']);
  });

  it('renders the test event in the same envelope: webhook.ping with the endpoint and who sent it', () => {
    const base = {
      deliveryKey: '01jd2m7r3x8k9q4w5e6t7y8v9a',
      workspaceId: '01jd2m7r3x8k9q4w5e6t7y8v9b',
      endpointId: '01jd2m7r3x8k9q4w5e6t7y8v9e',
      payloadVersion: CURRENT_PAYLOAD_VERSION,
      at: new Date('2026-11-01T10:00:00Z'),
    };
    expect(renderPingEnvelope({ ...base, sentBy: { type: 'user', id: '01jd2m7r3x8k9q4w5e6t7y8v9f' } })).toBe(
      '{"id":"01jd2m7r3x8k9q4w5e6t7y8v9a","type":"webhook.ping","api_version":"2026-10-09",' +
        '"created_at":"2026-11-01T10:00:00.000Z","workspace_id":"01jd2m7r3x8k9q4w5e6t7y8v9b",' +
        '"data":{"endpoint_id":"01jd2m7r3x8k9q4w5e6t7y8v9e","sent_by":"user","sent_by_id":"01jd2m7r3x8k9q4w5e6t7y8v9f"}}',
    );
    const system = JSON.parse(renderPingEnvelope({ ...base, sentBy: { type: 'system', id: null } }));
    expect(system.data).toEqual({ endpoint_id: base.endpointId, sent_by: 'system' });
  });
});
