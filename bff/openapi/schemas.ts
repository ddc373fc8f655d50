import { z } from '@hono/zod-openapi';
import { ULID_PATTERN } from '../../server-core/lib/ulid';

/** The house error envelope, one component for every operation. */
export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().openapi({ description: 'Machine-readable error code.', example: 'validation_failed' }),
      message: z.string().openapi({ description: 'A sentence for humans.' }),
      details: z
        .record(z.string(), z.unknown())
        .openapi({ description: 'Structured facts about the error.' }),
    }),
  })
  .openapi('Error');

const STANDARD_ERRORS = {
  401: 'Missing, unknown, revoked or expired credential.',
  403: 'The credential may not do this.',
  404: 'No such resource in this workspace (or the feature is off).',
  409: 'Conflicts with the current state.',
  413: 'The request body is too large.',
  415: 'The request body is not JSON.',
  422: 'The request is invalid; details say where.',
  429: 'Too many requests; see Retry-After.',
} as const;

type ErrorStatus = keyof typeof STANDARD_ERRORS;

/** Error responses for a route, each the envelope. */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: STANDARD_ERRORS[s], content: { 'application/json': { schema: ErrorEnvelope } } },
    ]),
  ) as Record<
    ErrorStatus,
    { description: string; content: { 'application/json': { schema: typeof ErrorEnvelope } } }
  >;
}

/** A ULID: 26 Crockford base32 characters, emitted lower-case, accepted in either case. */
export const Ulid = z.string().regex(ULID_PATTERN).openapi({
  description: 'ULID: 26 Crockford base32 characters, emitted lower-case, accepted in either case.',
  example: '01jd2m7r3x8k9q4w5e6t7y8v9a',
});

/** A path parameter holding a ULID; a malformed one answers 404. */
export const ulidParam = (name: string) =>
  Ulid.openapi({ param: { name, in: 'path' }, description: `${name} (a malformed id answers 404).` });

export const IdempotencyKeyHeader = z
  .string()
  .max(255)
  .optional()
  .openapi({
    param: { name: 'Idempotency-Key', in: 'header' },
    description:
      'Makes the POST safe to retry: the first answer is replayed for 24 hours; reusing the key with another body answers 422.',
  });

export const DateTime = z.iso.datetime({ offset: true }).openapi({ example: '2026-11-01T12:00:00.000Z' });
