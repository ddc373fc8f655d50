import type { HTTPException } from 'hono/http-exception';
import { DomainError } from '../../../server-core/lib/errors';

/** HTTPExceptions that hono and its validators throw, turned into codes of the catalog. */
export function fromHttpException(err: HTTPException): DomainError {
  if (err.status === 400 && /Malformed JSON/i.test(err.message)) return new DomainError('invalid_json');
  if (err.status === 400 && /Malformed FormData/i.test(err.message)) return new DomainError('invalid_form');
  if (err.status === 415) return new DomainError('unsupported_media_type');
  if (err.status === 413) return new DomainError('payload_too_large');
  return new DomainError(
    err.status >= 500 ? 'internal_error' : 'bad_request',
    {},
    err.message || 'Bad request.',
  );
}
