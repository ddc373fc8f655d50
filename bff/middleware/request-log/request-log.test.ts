import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createDomainProofFetcher } from '../../../runtime/http/domain-proof-fetcher';
import { manualClock } from '../../../server-core/lib/clock';
import { describeDb } from '../../../server-core/testing/db';
import { buildApp } from '../../app';
import type { AppEnv } from '../../env';
import { createLogger, type LogLevel } from '../../logger';
import { createServices } from '../../services';
import { testConfig } from '../../testing/services';
import { requestId } from '../request-id';
import { requestLog } from '.';

const LINE =
  /^\S+ (INFO |DEBUG) request method=(\S+) path=(\S+|"[^"]*") status=(\d{3}) duration_ms=(\d+) request_id=(\S+)$/;

describeDb('request log', (getDb) => {
  const make = (level: LogLevel = 'info') => {
    const lines: string[] = [];
    const services = createServices({
      db: getDb(),
      clock: manualClock(),
      config: testConfig(),
      logger: createLogger(level, (l) => lines.push(l)),
      masterKey: randomBytes(32),
      domainProof: createDomainProofFetcher({ allowHosts: [] }),
    });
    const app = buildApp(services);
    const requestLines = () => lines.filter((l) => / request method=/.test(l));
    return { app, lines, requestLines };
  };

  it('one info line per request: method, path, status, duration and request id; no query, header or body', async () => {
    const { app, requestLines } = make();
    const secretKey = `spk_${'a'.repeat(26)}${'S'.repeat(40)}`;
    const res = await app.request('/api/v1/contacts?email=private%40example.com&cursor=opaque-secret', {
      headers: {
        Authorization: `Bearer ${secretKey}`,
        Cookie: '__Host-session=cookie-secret',
        'X-Request-Id': 'trace-42',
      },
    });
    expect(res.status).toBe(401);
    const post = await app.request('/api/v1/contacts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer nope-secret' },
      body: JSON.stringify({ email: 'body-secret@example.com' }),
    });
    expect(post.status).toBe(401);
    const missing = await app.request('/no/such/route', { method: 'DELETE' });
    expect(missing.status).toBe(404);

    const logged = requestLines();
    expect(logged).toHaveLength(3);
    expect(LINE.exec(logged[0]!)!.slice(1)).toEqual([
      'INFO ',
      'GET',
      '/api/v1/contacts',
      '401',
      expect.stringMatching(/^\d+$/),
      'trace-42',
    ]);
    expect(LINE.exec(logged[1]!)!.slice(1, 5)).toEqual(['INFO ', 'POST', '/api/v1/contacts', '401']);
    expect(LINE.exec(logged[1]!)![6]).toBe(post.headers.get('X-Request-Id'));
    expect(LINE.exec(logged[2]!)!.slice(1, 5)).toEqual(['INFO ', 'DELETE', '/no/such/route', '404']);
    const all = logged.join('\n');
    for (const secret of [
      'S'.repeat(40),
      'spk_',
      'cookie-secret',
      'private',
      'opaque-secret',
      'body-secret',
      '?',
    ])
      expect(all).not.toContain(secret);
  });

  it('an unhandled error is logged with its 500; a hostile path stays one escaped line', async () => {
    const { app, requestLines } = make();
    app.get('/boom', () => {
      throw new Error('kaput');
    });
    expect((await app.request('/boom')).status).toBe(500);
    expect((await app.request('/x%0Aforged=1%1B[31m')).status).toBe(404);
    const [boom, hostile] = requestLines();
    expect(LINE.exec(boom!)!.slice(2, 5)).toEqual(['GET', '/boom', '500']);
    expect(hostile).not.toContain('\n');
    expect(hostile).not.toContain('\u001b');
    expect(hostile).toContain('path="/x\\nforged=1\\u001b[31m"');
    expect(LINE.exec(hostile!)![4]).toBe('404');
  });

  it('health checks are logged at debug when they pass, so probes do not fill the info log', async () => {
    const quiet = make('info');
    expect((await quiet.app.request('/healthz')).status).toBe(200);
    expect(quiet.requestLines()).toEqual([]);
    const verbose = make('debug');
    expect((await verbose.app.request('/healthz')).status).toBe(200);
    expect(LINE.exec(verbose.requestLines()[0]!)!.slice(1, 5)).toEqual(['DEBUG', 'GET', '/healthz', '200']);
  });
});

describe('request log timing', () => {
  it('measures from before the chain to after the answer, in whole milliseconds', async () => {
    const fields: Record<string, unknown>[] = [];
    const at =
      (level: string) =>
      (_msg: string, f: Record<string, unknown> = {}) =>
        fields.push({ level, ...f });
    let t = 1000;
    const app = new Hono<AppEnv>();
    app.use('*', requestId());
    app.use(
      '*',
      requestLog(
        { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
        { now: () => t },
      ),
    );
    app.get('/slow', (c) => {
      t += 1234.6;
      return c.json({}, 202);
    });
    await app.request('/slow');
    expect(fields).toEqual([
      {
        level: 'info',
        method: 'GET',
        path: '/slow',
        status: 202,
        duration_ms: 1235,
        request_id: expect.any(String),
      },
    ]);
  });
});
