import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../server-core/lib/errors';
import type { AppEnv } from '../../env';
import { errorHandler } from '.';
import { errorHeaders, toEnvelope } from './respond';

type Logger = Parameters<typeof errorHandler>[0];
const logged: string[] = [];
const logger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (msg) => void logged.push(msg),
};

/** A real app whose one route throws what it is given, answered by the real error handler. */
function appThrowing(err: unknown) {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(logger));
  app.get('/boom', () => {
    throw err;
  });
  return app;
}

describe('error responses', () => {
  it('reads Retry-After from details.retry_after_seconds and Allow from details.allowed', () => {
    expect(errorHeaders(new DomainError('too_many_login_attempts', { retry_after_seconds: 900 }))).toEqual({
      'Retry-After': '900',
    });
    expect(errorHeaders(new DomainError('rate_limited', { limit: 60, retry_after_seconds: 7 }))).toEqual({
      'Retry-After': '7',
    });
    expect(errorHeaders(new DomainError('method_not_allowed', { allowed: ['GET', 'HEAD'] }))).toEqual({
      Allow: 'GET, HEAD',
    });
    expect(errorHeaders(new DomainError('validation_failed', { field: 'name' }))).toEqual({});
  });

  it('challenges a rejected bearer credential with its realm', () => {
    expect(errorHeaders(new DomainError('invalid_api_key'))).toEqual({
      'WWW-Authenticate': 'Bearer realm="api"',
    });
    expect(errorHeaders(new DomainError('invalid_visitor_token'))).toEqual({
      'WWW-Authenticate': 'Bearer realm="widget"',
    });
    expect(errorHeaders(new DomainError('unauthenticated'))).toEqual({});
  });

  it('answers a domain error with the status of its code, its headers and the envelope', async () => {
    const res = await appThrowing(
      new DomainError('too_many_login_attempts', { retry_after_seconds: 900 }),
    ).request('/boom');
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('900');
    expect(await res.json()).toEqual({
      error: {
        code: 'too_many_login_attempts',
        message: 'Too many failed sign-in attempts. Try again later.',
        details: { retry_after_seconds: 900 },
      },
    });
  });

  it('maps the HTTPExceptions hono throws into catalog codes', async () => {
    const cases: [HTTPException, number, string, string][] = [
      [
        new HTTPException(400, { message: 'Malformed JSON in request body' }),
        422,
        'invalid_json',
        'The request body is not valid JSON.',
      ],
      [
        new HTTPException(400, { message: 'Malformed FormData request. x' }),
        422,
        'invalid_form',
        'The request body is not a valid form.',
      ],
      [
        new HTTPException(415, { message: 'Unsupported Media Type' }),
        415,
        'unsupported_media_type',
        'Send the request body as application/json.',
      ],
      [new HTTPException(413), 413, 'payload_too_large', 'The request body is too large.'],
      [new HTTPException(400, { message: 'Bad path' }), 400, 'bad_request', 'Bad path'],
      [
        new HTTPException(500, { message: 'Cannot clone request' }),
        500,
        'internal_error',
        'Cannot clone request',
      ],
    ];
    for (const [exception, status, code, message] of cases) {
      const res = await appThrowing(exception).request('/boom');
      expect(res.status, code).toBe(status);
      expect(await res.json()).toEqual({ error: { code, message, details: {} } });
    }
  });

  it('answers anything else as a logged internal_error without internals', async () => {
    const res = await appThrowing(new Error('secret internals')).request('/boom');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain('secret internals');
    expect(JSON.parse(body).error.code).toBe('internal_error');
    expect(logged).toContain('unhandled error');
  });

  it('puts code, message and details in the envelope', () => {
    expect(toEnvelope(new DomainError('slug_taken', { slug: 'faq' }))).toEqual({
      error: {
        code: 'slug_taken',
        message: 'Another article of this workspace has this slug.',
        details: { slug: 'faq' },
      },
    });
  });
});
