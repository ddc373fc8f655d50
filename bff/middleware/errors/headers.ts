import type { DomainError, ErrorCode } from '../../../server-core/lib/errors';

/** The bearer challenge a 401 of each credential answers with (RFC 6750 section 3). */
const CHALLENGES: Partial<Record<ErrorCode, string>> = {
  invalid_api_key: 'Bearer realm="api"',
  invalid_visitor_token: 'Bearer realm="widget"',
  oauth_invalid_client: 'Basic realm="oauth"',
};

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
