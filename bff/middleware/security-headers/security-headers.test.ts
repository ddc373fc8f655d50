import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createDomainProofFetcher } from '../../../runtime/http/domain-proof-fetcher';
import { manualClock } from '../../../server-core/lib/clock';
import { seedDemoWorkspace } from '../../../server-core/setup/demo-seed';
import { describeDb } from '../../../server-core/testing/db';
import { buildApp } from '../../app';
import { silentLogger } from '../../logger';
import { createServices } from '../../services';
import { testConfig } from '../../testing/services';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'l.js'), 'console.log("loader")');
  writeFileSync(join(dir, 'assets', 'widget-abc123.js'), 'export {}');
  return dir;
}

describeDb('security headers', (getDb) => {
  const make = (env: Record<string, string> = {}) =>
    buildApp(
      createServices({
        db: getDb(),
        clock: manualClock(),
        config: testConfig(env),
        logger: silentLogger,
        masterKey: randomBytes(32),
        domainProof: createDomainProofFetcher({ allowHosts: [] }),
      }),
      { widgetDistDir: fakeDist() },
    );

  it('JSON answers, errors included, say nosniff and no-referrer; no HSTS over an http PUBLIC_URL', async () => {
    const app = make({ PUBLIC_URL: 'http://localhost:9999' });
    for (const [path, status] of [
      ['/healthz', 200],
      ['/api/v1/contacts', 401],
      ['/no/such/route', 404],
      ['/widget/boot?website_id=nope', 422],
    ] as const) {
      const res = await app.request(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('Content-Type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy'), path).toBe('no-referrer');
      expect(res.headers.get('Strict-Transport-Security'), path).toBeNull();
      expect(res.headers.get('Content-Security-Policy'), path).toBeNull();
    }
  });

  it('an https PUBLIC_URL adds HSTS to every answer', async () => {
    const app = make({ PUBLIC_URL: 'https://support.example.com' });
    for (const path of ['/healthz', '/docs', '/cdn/l.js', '/nope']) {
      const res = await app.request(path);
      expect(res.headers.get('Strict-Transport-Security'), path).toBe('max-age=31536000');
    }
  });

  it('HTML pages may not be framed: frame-ancestors joins their own policy', async () => {
    const db = getDb();
    await seedDemoWorkspace(db, new Date());
    const app = make({ PUBLIC_URL: 'http://localhost:9999' });
    const docs = await app.request('/docs');
    expect(docs.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(docs.headers.get('Content-Security-Policy')).toMatch(
      /^default-src 'none'; script-src 'nonce-[^']+'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(docs.headers.get('X-Frame-Options')).toBe('DENY');

    const demo = await app.request('/demo');
    expect(demo.status).toBe(200);
    const csp = demo.headers.get('Content-Security-Policy')!;
    expect(csp).toMatch(/^default-src 'none'; script-src 'nonce-[^']+' 'strict-dynamic';/);
    expect(csp).toContain("frame-src 'self'");
    expect(csp.endsWith("; frame-ancestors 'none'")).toBe(true);
    expect(demo.headers.get('Referrer-Policy')).toBe('no-referrer');

    const missing = await app.request('/demo?website_id=01jd2m7r3x8k9q4w5e6t7y8v9a');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Security-Policy')).toBe("frame-ancestors 'none'");
  });

  it('the widget bundle stays loadable from any origin', async () => {
    const app = make({ PUBLIC_URL: 'https://support.example.com' });
    for (const path of ['/cdn/l.js', '/cdn/assets/widget-abc123.js']) {
      const res = await app.request(path, { headers: { Origin: 'https://shop.example.com' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Access-Control-Allow-Origin'), path).toBe('*');
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(res.headers.get('Content-Type'), path).toMatch(/javascript/);
      // Nothing that would stop a cross-origin page from loading it.
      expect(res.headers.get('Cross-Origin-Resource-Policy'), path).toBeNull();
      expect(res.headers.get('Content-Security-Policy'), path).toBeNull();
      expect(res.headers.get('X-Frame-Options'), path).toBeNull();
    }
    const boot = await app.request('/widget/install?website_id=01jd2m7r3x8k9q4w5e6t7y8v9a', {
      headers: { Origin: 'https://shop.example.com' },
    });
    expect(boot.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(boot.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
