import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createDomainProofFetcher } from '../../../runtime/http/domain-proof-fetcher';
import { manualClock } from '../../../server-core/lib/clock';
import { describeDb } from '../../../server-core/testing/db';
import { buildApp } from '../../app';
import { silentLogger } from '../../logger';
import { createServices } from '../../services';
import { testConfig } from '../../testing/services';

const INDEX =
  '<!doctype html><title>Console</title><script type="module" src="/app/assets/shell-abc.js"></script>';

function fakeConsole(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'shell-abc.js'), 'export {}');
  return dir;
}

describeDb('the console at /app', (getDb) => {
  const make = (consoleDistDir: string | null = fakeConsole()) =>
    buildApp(
      createServices({
        db: getDb(),
        clock: manualClock(),
        config: testConfig({ PUBLIC_URL: 'http://localhost:9999' }),
        logger: silentLogger,
        masterKey: randomBytes(32),
        domainProof: createDomainProofFetcher({ allowHosts: [] }),
      }),
      { consoleDistDir },
    );

  it('answers index.html for every /app path, uncached, with a strict CSP that forbids framing', async () => {
    const app = make();
    for (const path of [
      '/app',
      '/app/',
      '/app/inbox',
      '/app/settings/api-keys',
      '/app/sign-in?next=%2Fapp%2Fx',
    ]) {
      const res = await app.request(`http://localhost:9999${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(INDEX);
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control'), path).toBe('no-cache');
      const csp = res.headers.get('Content-Security-Policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' ws://localhost:9999 wss://localhost:9999");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    }
  });

  it('serves hashed assets immutable, and a missing asset is a 404, not the page', async () => {
    const app = make();
    const res = await app.request('/app/assets/shell-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    const missing = await app.request('/app/assets/shell-nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Type')).toMatch(/^application\/json/);
    const traversal = await app.request('/app/assets/..%2f..%2fetc%2fpasswd');
    expect(traversal.status).toBe(404);
  });

  it('sends a browser from / to /app and keeps the JSON answer for API clients', async () => {
    const app = make();
    const browser = await app.request('/', {
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('Location')).toBe('/app/');
    for (const accept of ['application/json', '*/*', undefined]) {
      const res = await app.request('/', accept ? { headers: { Accept: accept } } : {});
      expect(res.status, String(accept)).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
  });

  it('without a built console, /app is the JSON 404', async () => {
    const app = make(null);
    const res = await app.request('/app/inbox');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});
