import { EVENT_DATA_FIELDS, type EventType, isEventType } from './catalog';

/**
 * The envelope version new endpoints are pinned to (a date, as the spec's api_version). When the
 * envelope changes, add a renderer for the new date and keep the old one for endpoints pinned to it.
 */
export const CURRENT_PAYLOAD_VERSION = '2026-10-09';

export interface OutboxEvent {
  workspace_id: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

type Scalar = string | number | boolean | null;

/** Only the event's allowlisted fields with scalar values, in catalog order. Returns what was dropped too. */
export function allowlistedData(
  type: EventType,
  data: Record<string, unknown>,
): { data: Record<string, Scalar>; dropped: string[] } {
  const allowed = EVENT_DATA_FIELDS[type];
  const out: Record<string, Scalar> = {};
  for (const field of allowed) {
    const value = data[field];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      out[field] = value as Scalar;
  }
  const dropped = Object.keys(data).filter((k) => !Object.hasOwn(out, k));
  return { data: out, dropped };
}

/**
 * The body of a delivery: `{ id, type, api_version, created_at, workspace_id, data }`, serialised once
 * and stored, so every attempt and redelivery sends the same bytes.
 */
export function renderEnvelope(input: { deliveryKey: string; event: OutboxEvent; payloadVersion: string }): {
  body: string;
  dropped: string[];
} {
  const { event } = input;
  if (!isEventType(event.type)) throw new Error(`Unknown event type in the outbox: ${event.type}`);
  const { data, dropped } = allowlistedData(event.type, event.data);
  const body = JSON.stringify({
    id: input.deliveryKey,
    type: event.type,
    api_version: input.payloadVersion,
    created_at: new Date(event.created_at).toISOString(),
    workspace_id: event.workspace_id,
    data,
  });
  return { body, dropped };
}
