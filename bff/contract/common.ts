import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { ULID_PATTERN } from '../../server-core/lib/ulid';
import { EXAMPLE_ID, EXAMPLE_TIME, type ExampleIdName } from './examples';

/** Value schemas every resource shares (ids, times) and the JSON content helper. */

/** A ULID: 26 Crockford base32 characters, emitted lower-case, accepted in either case. */
export const Ulid = z.string().regex(ULID_PATTERN).openapi({
  description: 'ULID: 26 Crockford base32 characters, emitted lower-case, accepted in either case.',
  example: '01jd2m7r3x8k9q4w5e6t7y8v9a',
});

/**
 * A path parameter holding a ULID; a malformed one answers 404. Its example is the placeholder of its name,
 * or of `example` where one name holds ids of several kinds (a program's `versionId`: `programVersionId`).
 */
export const ulidParam = (name: ExampleIdName, example: ExampleIdName = name) =>
  Ulid.openapi({
    param: { name, in: 'path', example: EXAMPLE_ID[example] },
    description: `${name} (a malformed id answers 404).`,
  });

export const DateTime = z.iso.datetime({ offset: true }).openapi({ example: EXAMPLE_TIME });

/** A Date as the contract writes it (ISO 8601 in UTC), null kept. */
export const iso = (d: Date | null | undefined): string | null => d?.toISOString() ?? null;

/**
 * `{ 'application/json': { schema, example } }`, the content of a JSON response with its documented
 * example (what the server sends, so typed as the schema's output; the examples test checks it).
 */
export function json<T extends ZodType>(
  schema: T,
  example?: z.output<T>,
): { 'application/json': { schema: T; example?: z.output<T> } } {
  return { 'application/json': example === undefined ? { schema } : { schema, example } };
}

/** A required JSON request body with its documented example (typed as what the caller may send). */
export function jsonBody<T extends ZodType>(schema: T, example: z.input<T>) {
  return { required: true, content: { 'application/json': { schema, example } } };
}
