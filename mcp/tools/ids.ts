import { z } from 'zod';

/** A ULID as the API writes it (26 Crockford base32 characters, either case). */
export const ulid = (what: string) =>
  z
    .string()
    .regex(/^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$/, `${what} is a 26-character ULID`)
    .describe(`The ${what} (a 26-character ULID, e.g. source.id of a search result).`);
