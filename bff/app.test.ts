import { expect, it } from 'vitest';
import { describeDb } from '../server-core/testing/db';
import { MAX_BODY_BYTES } from './app';
import { json, makeTestApp } from './testing/services';

describeDb('app: errors, request ids, health', (getDb) => {
  it('unknown routes answer the envelope with 404', async () => {
    const { app } = makeTestApp(getDb());
    const res = await app.request('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'No route matches GET /api/v1/nothing-here.',
        details: { method: 'GET', path: '/api/v1/nothing-here' },
      },
    });
  });

  it('a known path with another method answers 405 with Allow', async () => {
    const { app } = makeTestApp(getDb());
    const res = await app.request('/api/v1/auth/login', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });

  it('malformed JSON is a 422 invalid_json, never a 500', async () => {
    const { app } = makeTestApp(getDb());
    for (const body of ['{', '{"email": "a@b.c",}', 'null x', '\u0000']) {
      const res = await app.request('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    }
  });

  it('a body that is not JSON is a 415; a body of the wrong shape is a 422 listing the issues', async () => {
    const { app } = makeTestApp(getDb());
    const wrongType = await app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=x',
    });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { error: { code: string } }).error.code).toBe(
      'unsupported_media_type',
    );

    const res = await app.request('/api/v1/auth/login', { method: 'POST', ...json({ email: 42 }) });
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: { code: string; details: { location: string; issues: { path: string }[] } };
    };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.location).toBe('body');
    expect(body.error.details.issues.map((i) => i.path).sort()).toEqual(['email', 'password']);
  });

  it('bodies over the limit answer 413 in the envelope', async () => {
    const { app } = makeTestApp(getDb());
    const res = await app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY_BYTES + 1) },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('an unexpected failure is a 500 envelope with the request id and no internals', async () => {
    const t = makeTestApp(getDb());
    t.app.get('/boom', () => {
      throw new Error('secret internals: password=hunter2');
    });
    const res = await t.app.request('/boom', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side.',
        details: { request_id: 'trace-123' },
      },
    });
  });

  it('echoes a well-formed X-Request-Id and replaces a hostile one', async () => {
    const { app } = makeTestApp(getDb());
    expect(
      (await app.request('/healthz', { headers: { 'X-Request-Id': 'abc-123' } })).headers.get('X-Request-Id'),
    ).toBe('abc-123');
    const generated = (
      await app.request('/healthz', { headers: { 'X-Request-Id': '<script>alert(1)</script>' } })
    ).headers.get('X-Request-Id');
    expect(generated).toMatch(/^req_[0-9a-f]{12}[0-9a-z]{6,}$/);
    expect(
      (await app.request('/healthz', { headers: { 'X-Request-Id': 'x'.repeat(129) } })).headers.get(
        'X-Request-Id',
      ),
    ).toMatch(/^req_/);
    expect((await app.request('/healthz')).headers.get('X-Request-Id')).toMatch(/^req_/);
  });

  it('/healthz checks the database', async () => {
    const { app, services } = makeTestApp(getDb());
    const res = await app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: services.db.kind });
  });

  it('/healthz answers 503 when the database does not', async () => {
    const { app } = makeTestApp({
      ...getDb(),
      query: () => Promise.reject(new Error('connection refused')),
    });
    const res = await app.request('/healthz');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('database_unavailable');
  });
});
