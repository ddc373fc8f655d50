import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { ULID_PATTERN } from '../../server-core/lib/ulid';

/** Value schemas every resource shares (ids, times) and the JSON content helper. */

/** A ULID: 26 Crockford base32 characters, emitted lower-case, accepted in either case. */
export const Ulid = z.string().regex(ULID_PATTERN).openapi({
  description: 'ULID: 26 Crockford base32 characters, emitted lower-case, accepted in either case.',
  example: '01jd2m7r3x8k9q4w5e6t7y8v9a',
});

/** A path parameter holding a ULID; a malformed one answers 404. */
export const ulidParam = (name: string) =>
  Ulid.openapi({ param: { name, in: 'path' }, description: `${name} (a malformed id answers 404).` });

export const DateTime = z.iso.datetime({ offset: true }).openapi({ example: '2026-11-01T12:00:00.000Z' });

/** A Date as the contract writes it (ISO 8601 in UTC), null kept. */
export const iso = (d: Date | null | undefined): string | null => d?.toISOString() ?? null;

/** `{ 'application/json': { schema } }`, the content of a JSON request or response. */
export const json = <T extends ZodType>(schema: T) => ({ 'application/json': { schema } });
