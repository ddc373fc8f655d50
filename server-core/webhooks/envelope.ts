import { EVENT_DATA_FIELDS, type EventType, isEventType, PING_EVENT_TYPE } from './catalog';

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
/** A data value: a scalar, or a list of strings (ids, as guide.drifted's step_ids). */
type Value = Scalar | string[];

const isValue = (value: unknown): value is Value =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/**
 * Only the event's allowlisted fields with scalar values (or lists of strings), in catalog order. Returns
 * what was dropped too.
 */
export function allowlistedData(
  type: EventType,
  data: Record<string, unknown>,
): { data: Record<string, Value>; dropped: string[] } {
  const allowed = EVENT_DATA_FIELDS[type];
  const out: Record<string, Value> = {};
  for (const field of allowed) {
    const value = data[field];
    if (isValue(value)) out[field] = Array.isArray(value) ? [...value] : value;
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
  return { body: envelopeBody({ ...input, type: event.type, data }), dropped };
}

/** The test event's body: the same envelope, `type` webhook.ping, data `{ endpoint_id, sent_by, sent_by_id? }`. */
export function renderPingEnvelope(input: {
  deliveryKey: string;
  workspaceId: string;
  endpointId: string;
  payloadVersion: string;
  sentBy: { type: string; id: string | null };
  at: Date;
}): string {
  const data: Record<string, Scalar> = { endpoint_id: input.endpointId, sent_by: input.sentBy.type };
  if (input.sentBy.id !== null) data.sent_by_id = input.sentBy.id;
  return envelopeBody({
    deliveryKey: input.deliveryKey,
    type: PING_EVENT_TYPE,
    payloadVersion: input.payloadVersion,
    event: { workspace_id: input.workspaceId, created_at: input.at },
    data,
  });
}

/** The envelope's fields, in the order every renderer writes them. */
function envelopeBody(input: {
  deliveryKey: string;
  type: string;
  payloadVersion: string;
  event: { workspace_id: string; created_at: Date };
  data: Record<string, Value>;
}): string {
  return JSON.stringify({
    id: input.deliveryKey,
    type: input.type,
    api_version: input.payloadVersion,
    created_at: new Date(input.event.created_at).toISOString(),
    workspace_id: input.event.workspace_id,
    data: input.data,
  });
}
