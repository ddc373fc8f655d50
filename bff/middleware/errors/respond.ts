import type { Context } from 'hono';
import type { DomainError, ErrorCode } from '../../../server-core/lib/errors';
import { errorHeaders } from './headers';
import { toOAuthError } from './oauth-error';
import { toScimError } from './scim-error';

export { errorHeaders } from './headers';

/** The media type of every SCIM answer (RFC 7644 section 3.1). */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

import { statusOf } from './status';

/** The house envelope: `{ error: { code, message, details } }`. */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details: DomainError['details'] };
}

export function toEnvelope(err: DomainError): ErrorEnvelope {
  return { error: { code: err.code, message: err.message, details: err.details } };
}

/**
 * An error as the envelope, with the status of its code and the headers of its details. Routes that
 * set `errorShape` to `oauth` (the token and introspection endpoints) answer the RFC 6749 section 5.2
 * shape instead, with Cache-Control no-store; routes that set it to `scim` (/scim/v2) answer the RFC 7644
 * error schema as application/scim+json.
 */
export function respondWithError(c: Context, err: DomainError): Response {
  if (c.get('errorShape') === 'oauth') {
    const answer = toOAuthError(err);
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json(answer.body, answer.status);
  }
  if (c.get('errorShape') === 'scim') {
    const answer = toScimError(err);
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    return c.body(JSON.stringify(answer.body), answer.status, { 'Content-Type': SCIM_MEDIA_TYPE });
  }
  for (const [name, value] of Object.entries(errorHeaders(err))) c.header(name, value);
  return c.json(toEnvelope(err), statusOf(err.code));
}
