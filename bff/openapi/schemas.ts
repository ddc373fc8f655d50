import { z } from '@hono/zod-openapi';
import { ERROR_CODES } from '../../server-core/lib/errors';

/** The house error envelope, one component for every operation. */
export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).openapi({
        description: 'Machine-readable error code from the catalog (docs/errors.md).',
        example: 'validation_failed',
      }),
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
  410: 'The link or token was used, revoked, replaced or has expired.',
  413: 'The request body is too large.',
  415: 'The request body is not JSON.',
  422: 'The request is invalid; details say where.',
  429: 'Too many requests; see Retry-After.',
  503: 'The feature or a service it needs is unavailable right now.',
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
