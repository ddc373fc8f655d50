import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readAnswer, retryAfterSeconds } from './read-answer';

const NOW = new Date('2026-11-27T12:00:00Z');
const headers = (h: Record<string, string> = {}) => new Headers(h);
const Schema = z.object({ data: z.object({ id: z.string() }) });

describe('readAnswer', () => {
  it('a 2xx body that fits the schema', () => {
    expect(readAnswer(200, headers(), '{"data":{"id":"a","extra":1}}', Schema, NOW)).toEqual({
      ok: true,
      data: { data: { id: 'a' } },
    });
  });
  it.each([
    ['<html>502 Bad Gateway</html>', /not JSON: <html>/],
    ['', /not JSON: \(empty body\)/],
    ['{"data":', /not JSON/],
    ['{"data":{"id":5}}', /does not match the contract at data\.id/],
    ['null', /does not match the contract at \(root\)/],
    ['[]', /does not match the contract/],
  ])('a 2xx body %j is a bad_answer, never a throw', (body, message) => {
    const r = readAnswer(200, headers(), body, Schema, NOW);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.failure.kind).toBe('bad_answer');
    expect(!r.ok && r.failure.kind === 'bad_answer' && r.failure.message).toMatch(message);
  });
  it('cuts a long body in the message', () => {
    const r = readAnswer(502, headers(), 'x'.repeat(100_000), Schema, NOW);
    expect(!r.ok && r.failure.kind === 'bad_answer' && r.failure.message.length).toBeLessThan(200);
  });
  it('an error envelope becomes an api failure with its code and details', () => {
    const body = JSON.stringify({
      error: {
        code: 'missing_ability',
        message: 'm',
        details: { required: ['guides:read'], missing: ['guides:read'] },
      },
    });
    expect(readAnswer(403, headers(), body, Schema, NOW)).toEqual({
      ok: false,
      failure: {
        kind: 'api',
        status: 403,
        code: 'missing_ability',
        message: 'm',
        details: { required: ['guides:read'], missing: ['guides:read'] },
        retryAfterSeconds: null,
      },
    });
  });
  it('429: the wait from details, else from Retry-After', () => {
    const env = (details: object) =>
      JSON.stringify({ error: { code: 'rate_limited', message: 'slow', details } });
    const wait = (status: number, body: string, h: Record<string, string> = {}) => {
      const r = readAnswer(status, headers(h), body, Schema, NOW);
      return !r.ok && r.failure.kind === 'api' ? r.failure.retryAfterSeconds : 'not api';
    };
    expect(wait(429, env({ limit: 30, retry_after_seconds: 12.2 }), { 'Retry-After': '99' })).toBe(13);
    expect(wait(429, env({}), { 'Retry-After': '7' })).toBe(7);
    expect(wait(429, env({ retry_after_seconds: 'soon' }), { 'Retry-After': '7' })).toBe(7);
    expect(wait(429, env({ retry_after_seconds: -5 }))).toBeNull();
    expect(wait(401, '{"error":{"code":"invalid_api_key","message":"m"}}')).toBeNull();
  });
  it('an error without the envelope is a bad_answer', () => {
    const r = readAnswer(500, headers(), '{"message":"boom"}', Schema, NOW);
    expect(!r.ok && r.failure).toEqual({
      kind: 'bad_answer',
      status: 500,
      message: 'HTTP 500 without the error envelope',
    });
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('30', NOW)).toBe(30);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 12:00:10 GMT', NOW)).toBe(10);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 11:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterSeconds(null, NOW)).toBeNull();
    expect(retryAfterSeconds('soon', NOW)).toBeNull();
    expect(retryAfterSeconds('-3', NOW)).toBeNull();
  });
});
