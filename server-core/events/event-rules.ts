/**
 * Contact event rules (spec service-api.md 4.2 and 8; widget.md 2 and 8), as pure functions returning
 * the broken rule or null, so the API batch, the widget endpoint and the widget itself agree.
 */
export const EVENT_NAME = /^[a-z][a-z0-9_.:-]{0,63}$/;
export const RESERVED_PREFIXES = ['service.', 'service:'] as const;
export const MAX_PROPERTIES = 20;
export const MAX_PROPERTY_STRING = 500;
export const MAX_PROPERTIES_BYTES = 4096;
export const MAX_EVENT_AGE_MS = 30 * 24 * 3600 * 1000;
/**
 * Clocks drift: an occurred_at up to this far ahead of ours still counts as "now"
 * (docs/decisions/contacts-and-events.md, Clock skew and defaults).
 */
export const FUTURE_TOLERANCE_MS = 60 * 1000;

export interface RuleBreak {
  field: string;
  rule: string;
  message: string;
}

export function checkEventName(name: unknown): RuleBreak | null {
  if (typeof name !== 'string' || !EVENT_NAME.test(name)) {
    return { field: 'name', rule: 'name_pattern', message: `name must match ${EVENT_NAME.source}.` };
  }
  if (RESERVED_PREFIXES.some((p) => name.startsWith(p))) {
    return {
      field: 'name',
      rule: 'reserved_prefix',
      message: 'Names starting service. or service: are reserved.',
    };
  }
  return null;
}

export function checkEventProperties(properties: unknown): RuleBreak | null {
  if (properties === undefined) return null;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) {
    return { field: 'properties', rule: 'flat_object', message: 'properties must be a flat object.' };
  }
  const entries = Object.entries(properties as Record<string, unknown>);
  if (entries.length > MAX_PROPERTIES) {
    return {
      field: 'properties',
      rule: 'max_keys',
      message: `properties has at most ${MAX_PROPERTIES} keys.`,
    };
  }
  for (const [key, value] of entries) {
    const scalar =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'string';
    if (!scalar) {
      return {
        field: `properties.${key}`,
        rule: 'flat_scalar',
        message: 'Property values are strings, finite numbers, booleans or null (no nesting).',
      };
    }
    if (typeof value === 'string' && value.length > MAX_PROPERTY_STRING) {
      return {
        field: `properties.${key}`,
        rule: 'max_string',
        message: `Strings have at most ${MAX_PROPERTY_STRING} characters.`,
      };
    }
  }
  if (Buffer.byteLength(JSON.stringify(properties), 'utf8') > MAX_PROPERTIES_BYTES) {
    return {
      field: 'properties',
      rule: 'max_bytes',
      message: `properties is at most ${MAX_PROPERTIES_BYTES} bytes of JSON.`,
    };
  }
  return null;
}

export function checkOccurredAt(occurredAt: Date, now: Date): RuleBreak | null {
  if (Number.isNaN(occurredAt.getTime())) {
    return { field: 'occurred_at', rule: 'date_time', message: 'occurred_at must be an ISO 8601 date-time.' };
  }
  if (occurredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    return { field: 'occurred_at', rule: 'in_future', message: 'occurred_at is in the future.' };
  }
  if (occurredAt.getTime() < now.getTime() - MAX_EVENT_AGE_MS) {
    return { field: 'occurred_at', rule: 'too_old', message: 'occurred_at is more than 30 days ago.' };
  }
  return null;
}
