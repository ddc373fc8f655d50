import { monotonicFactory, ulid } from 'ulid';

/** The spec's ULID pattern: 26 Crockford base32 characters, either case (no I, L, O, U). */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$/;
const ULID_PATTERN_SOURCE = ULID_PATTERN.source;

export { ULID_PATTERN_SOURCE };

const next = monotonicFactory();

/** A new ULID, lower-case as the spec emits it. `at` lets callers stamp ids with the injected clock. */
export function newId(at?: Date): string {
  return next(at ? at.getTime() : undefined).toLowerCase();
}

/** A ULID with fresh randomness (not monotonic): for public ids that must not reveal a neighbour. */
export function newRandomId(at?: Date): string {
  return ulid(at ? at.getTime() : undefined).toLowerCase();
}

/** Normalises an id from the outside world: lower-case when it matches the pattern, otherwise null. */
export function parseUlid(value: unknown): string | null {
  if (typeof value !== 'string' || !ULID_PATTERN.test(value)) return null;
  // The first character encodes the top bits of a 48-bit timestamp; anything above 7 overflows.
  if (value.charCodeAt(0) > 55 /* '7' */) return null;
  return value.toLowerCase();
}

export function isUlid(value: unknown): value is string {
  return parseUlid(value) !== null;
}
