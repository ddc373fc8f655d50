/**
 * The contact-event rules of server-core/events/event-rules.ts, mirrored for the browser (the widget
 * never imports server code; widget/core/event-rules.test.ts proves both agree). Returns the broken
 * rule's message, or null.
 */
const NAME = /^[a-z][a-z0-9_.:-]{0,63}$/;
const MAX_KEYS = 20;
const MAX_STRING = 500;
const MAX_BYTES = 4096;

export function eventNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || !NAME.test(name)) return `event names must match ${NAME.source}`;
  if (name.startsWith('service.') || name.startsWith('service:')) {
    return 'event names starting service. or service: are reserved';
  }
  return null;
}

export function eventPropertiesProblem(properties: unknown): string | null {
  if (properties === undefined) return null;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) {
    return 'properties must be a flat object';
  }
  const entries = Object.entries(properties);
  if (entries.length > MAX_KEYS) return `properties has at most ${MAX_KEYS} keys`;
  for (const [key, v] of entries) {
    const scalar =
      v === null ||
      typeof v === 'boolean' ||
      typeof v === 'string' ||
      (typeof v === 'number' && Number.isFinite(v));
    if (!scalar) return `property ${key} must be a string, finite number, boolean or null`;
    if (typeof v === 'string' && v.length > MAX_STRING) {
      return `property ${key} is longer than ${MAX_STRING} characters`;
    }
  }
  if (new TextEncoder().encode(JSON.stringify(properties)).length > MAX_BYTES) {
    return `properties is more than ${MAX_BYTES} bytes of JSON`;
  }
  return null;
}
