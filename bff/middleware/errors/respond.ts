import type { Context } from 'hono';
import type { DomainError, ErrorCode } from '../../../server-core/lib/errors';
import { statusOf } from './status';

/** The bearer challenge a 401 of each credential answers with (RFC 6750 section 3). */
const CHALLENGES: Partial<Record<ErrorCode, string>> = {
  invalid_api_key: 'Bearer realm="api"',
  invalid_visitor_token: 'Bearer realm="widget"',
};

/** The house envelope: `{ error: { code, message, details } }`. */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details: DomainError['details'] };
}

export function toEnvelope(err: DomainError): ErrorEnvelope {
  return { error: { code: err.code, message: err.message, details: err.details } };
}

/** The headers an error answers with, read from its code and details: Retry-After, Allow, WWW-Authenticate. */
export function errorHeaders(err: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  const details = err.details;
  if ('retry_after_seconds' in details) headers['Retry-After'] = String(details.retry_after_seconds);
  if ('allowed' in details) headers.Allow = details.allowed.join(', ');
  const challenge = CHALLENGES[err.code];
  if (challenge) headers['WWW-Authenticate'] = challenge;
  return headers;
}

/** An error as the envelope, with the status of its code and the headers of its details. */
export function respondWithError(c: Context, err: DomainError): Response {
  for (const [name, value] of Object.entries(errorHeaders(err))) c.header(name, value);
  return c.json(toEnvelope(err), statusOf(err.code));
}
