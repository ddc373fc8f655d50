import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './env';
import { createLogger } from './logger';
import { errorHandler } from './middleware/errors';
import { requestId } from './middleware/request-id';

/** Any character a terminal or a log viewer would act on instead of printing. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function capture() {
  const lines: string[] = [];
  return { lines, logger: createLogger('debug', (l) => lines.push(l)) };
}

describe('logger', () => {
  it('escapes control characters, terminal escapes and bidi overrides in every value and the message', () => {
    const { lines, logger } = capture();
    logger.warn('odd\u001b[2Jmessage', {
      path: '/a\u0000b\u001b[31mred\u001b[0m',
      agent: 'x\r\nINFO forged line',
      name: 'abc\u202edcba',
      csi: '\u009b31m',
      lone: '\ud800tail',
      plain: 'ok',
      spaced: 'two words',
    });
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).not.toMatch(UNSAFE);
    expect(line).not.toMatch(/[\ud800-\udfff]/);
    expect(line).toContain('odd\\u001b[2Jmessage');
    expect(line).toContain('path="/a\\u0000b\\u001b[31mred\\u001b[0m"');
    expect(line).toContain('agent="x\\r\\nINFO forged line"');
    expect(line).toContain('name="abc\\u202edcba"');
    expect(line).toContain('csi="\\u009b31m"');
    expect(line).toContain('lone="\\ud800tail"');
    expect(line).toContain(' plain=ok');
    expect(line).toContain(' spaced="two words"');
  });

  it('quotes values that could pose as another field', () => {
    const { lines, logger } = capture();
    logger.info('m', { a: 'x request_id=forged', b: 'say "hi"', c: '', d: 'back\\slash' });
    expect(lines[0]).toContain('a="x request_id=forged"');
    expect(lines[0]).toContain('b="say \\"hi\\""');
    expect(lines[0]).toContain('c=""');
    expect(lines[0]).toContain('d="back\\\\slash"');
  });

  it('a request path with NUL and terminal escapes reaches the log escaped', async () => {
    const { lines, logger } = capture();
    const app = new Hono<AppEnv>();
    app.use('*', requestId());
    app.onError(errorHandler(logger));
    app.get('/boom/*', () => {
      throw new Error('kaput');
    });
    const res = await app.request('/boom/%00%1b%5B2J%1b%5D0;pwned%07%C2%9B');
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('unhandled error');
    expect(lines[0]).not.toMatch(UNSAFE);
    expect(lines[0]).toContain('\\u0000\\u001b[2J\\u001b]0;pwned\\u0007\\u009b');
  });
});
