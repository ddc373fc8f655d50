import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES } from '../../../server-core/lib/errors';
import { toOAuthError } from './oauth-error';
import { SCIM_ERROR_SCHEMA, toScimError } from './scim-error';
import { statusOf } from './status';

describe('OAuth error shape (RFC 6749 section 5.2)', () => {
  it('maps the codes by their house status', () => {
    const code = (err: DomainError) => {
      const { status, body } = toOAuthError(err);
      return [body.error, status];
    };
    expect(code(new DomainError('validation_failed', { location: 'body', issues: [] }))).toEqual([
      'invalid_request',
      400,
    ]);
    expect(code(new DomainError('invalid_json'))).toEqual(['invalid_request', 400]);
    expect(code(new DomainError('invalid_credentials'))).toEqual(['invalid_client', 401]);
    expect(code(new DomainError('missing_ability', { required: ['a'], missing: ['a'] }))).toEqual([
      'unauthorized_client',
      400,
    ]);
    expect(code(new DomainError('internal_error'))).toEqual(['server_error', 500]);
    expect(code(new DomainError('database_unavailable'))).toEqual(['temporarily_unavailable', 503]);
  });

  it('answers the RFC code of the OAuth catalog codes, with the RFC status', () => {
    const code = (err: DomainError) => {
      const { status, body, headers } = toOAuthError(err);
      return [body.error, status, headers['WWW-Authenticate'] ?? null];
    };
    expect(code(new DomainError('oauth_invalid_client'))).toEqual([
      'invalid_client',
      401,
      'Basic realm="oauth"',
    ]);
    expect(code(new DomainError('oauth_invalid_grant'))).toEqual(['invalid_grant', 400, null]);
    expect(code(new DomainError('oauth_invalid_request', { parameter: 'code_verifier' }))).toEqual([
      'invalid_request',
      400,
      null,
    ]);
    expect(code(new DomainError('oauth_unsupported_grant_type'))).toEqual([
      'unsupported_grant_type',
      400,
      null,
    ]);
    expect(code(new DomainError('oauth_invalid_scope'))).toEqual(['invalid_scope', 400, null]);
  });

  it('carries the message as error_description and keeps Retry-After on a throttle', () => {
    const answer = toOAuthError(new DomainError('rate_limited', { limit: 10, retry_after_seconds: 30 }));
    expect(answer).toEqual({
      status: 429,
      headers: { 'Retry-After': '30' },
      body: {
        error: 'temporarily_unavailable',
        error_description: 'Too many requests. Slow down and retry after the reset.',
      },
    });
  });

  it('answers only the RFC codes, for every code of the catalog', () => {
    const rfc = [
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
      'server_error',
      'temporarily_unavailable',
    ];
    for (const c of ERROR_CODES) {
      const { body } = toOAuthError(new DomainError(c, {} as never));
      expect(rfc, c).toContain(body.error);
    }
  });
});

describe('SCIM error shape (RFC 7644 section 3.12)', () => {
  it('answers 400 invalidValue for what the house answers 422, with the status as a string', () => {
    expect(
      toScimError(new DomainError('validation_failed', { field: 'email' }, 'email is invalid.')),
    ).toEqual({
      status: 400,
      headers: {},
      body: {
        schemas: [SCIM_ERROR_SCHEMA],
        status: '400',
        scimType: 'invalidValue',
        detail: 'email is invalid.',
      },
    });
  });

  it('names mutability, uniqueness and invalidSyntax where the code says so', () => {
    expect(toScimError(new DomainError('email_immutable', { field: 'email' })).body.scimType).toBe(
      'mutability',
    );
    const taken = toScimError(new DomainError('external_id_taken', { field: 'external_id' }));
    expect([taken.status, taken.body.status, taken.body.scimType]).toEqual([409, '409', 'uniqueness']);
    expect(toScimError(new DomainError('invalid_json')).body.scimType).toBe('invalidSyntax');
  });

  it('keeps the house status without scimType otherwise', () => {
    const missing = toScimError(notFoundError());
    expect(missing).toEqual({
      status: 404,
      headers: {},
      body: { schemas: [SCIM_ERROR_SCHEMA], status: '404', detail: 'The resource was not found.' },
    });
    const throttled = toScimError(new DomainError('rate_limited', { limit: 1, retry_after_seconds: 2 }));
    expect([throttled.status, throttled.headers]).toEqual([429, { 'Retry-After': '2' }]);
    expect(throttled.body.scimType).toBeUndefined();
  });

  it('never answers 422, and otherwise the status of the table, for every code of the catalog', () => {
    for (const c of ERROR_CODES) {
      const { status, body } = toScimError(new DomainError(c, {} as never));
      expect(status, c).toBe(statusOf(c) === 422 ? 400 : statusOf(c));
      expect(body.status, c).toBe(String(status));
    }
  });
});

const notFoundError = () => new DomainError('not_found');
