import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DomainError, ErrorCode } from '../../../server-core/lib/errors';
import { errorHeaders } from './headers';
import { statusOf } from './status';

/** The error codes of RFC 6749 (sections 4.1.2.1 and 5.2). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'server_error'
  | 'temporarily_unavailable';

export interface OAuthErrorResponse {
  status: ContentfulStatusCode;
  headers: Record<string, string>;
  body: { error: OAuthErrorCode; error_description: string };
}

/** The catalog codes that are RFC 6749 codes of their own (their status is the RFC's). */
const OWN_CODES: Partial<Record<ErrorCode, OAuthErrorCode>> = {
  oauth_invalid_client: 'invalid_client',
  oauth_invalid_grant: 'invalid_grant',
  oauth_invalid_request: 'invalid_request',
  oauth_unsupported_grant_type: 'unsupported_grant_type',
  oauth_invalid_scope: 'invalid_scope',
};

/**
 * A catalog error in the RFC 6749 shape, for the OAuth endpoints. The house status decides the OAuth
 * code: a failed credential is invalid_client (401), a refused one unauthorized_client, a throttle or an
 * outage temporarily_unavailable (keeping 429 / 503 and Retry-After), a failure of ours server_error,
 * and every other refusal invalid_request with the RFC's 400.
 */
export function toOAuthError(err: DomainError): OAuthErrorResponse {
  const status = statusOf(err.code);
  const answer = (error: OAuthErrorCode, s: ContentfulStatusCode): OAuthErrorResponse => ({
    status: s,
    headers: errorHeaders(err),
    body: { error, error_description: err.message },
  });
  const own = OWN_CODES[err.code];
  if (own) return answer(own, status);
  if (status === 401) return answer('invalid_client', 401);
  if (status === 403) return answer('unauthorized_client', 400);
  if (status === 429 || status === 503) return answer('temporarily_unavailable', status);
  if (status >= 500) return answer('server_error', 500);
  return answer('invalid_request', 400);
}
