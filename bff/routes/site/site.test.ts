import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createDomainProofFetcher } from '../../../runtime/http/domain-proof-fetcher';
import { manualClock } from '../../../server-core/lib/clock';
import { seedDemoWorkspace } from '../../../server-core/setup/demo-seed';
import { describeDb } from '../../../server-core/testing/db';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { buildApp } from '../../app';
import { silentLogger } from '../../logger';
import { createServices } from '../../services';
import { testConfig } from '../../testing/services';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'l.js'), 'console.log("loader")');
  writeFileSync(join(dir, 'assets', 'widget-abc123.js'), 'export {}');
  writeFileSync(join(dir, 'build-info.json'), '{}');
  writeFileSync(join(tmpdir(), 'outside-secret.txt'), 'do not serve');
  return dir;
}

describeDb('site: cdn and demo page', (getDb) => {
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

  it('serves l.js revalidated and hashed assets immutable, CORS-open', async () => {
    const app = make();
    const loader = await app.request('/cdn/l.js');
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toMatch(/javascript/);
    expect(loader.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(loader.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const asset = await app.request('/cdn/assets/widget-abc123.js');
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('does not serve outside dist/ or what is missing', async () => {
    const app = make();
    for (const path of [
      '/cdn/../outside-secret.txt',
      '/cdn/%2e%2e/outside-secret.txt',
      '/cdn/assets/..%2f..%2foutside-secret.txt',
      '/cdn/nope.js',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('do not serve');
    }
  });

  it('the demo page carries the snippet of the demo workspace, or of ?website_id=', async () => {
    const db = getDb();
    const app = make({ PUBLIC_URL: 'http://localhost:9999' });
    await seedDemoWorkspace(db, new Date());
    const res = await app.request('/demo');
    expect(res.status).toBe(200);
    const html = await res.text();
    const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(
      res.headers.get('Content-Security-Policy')!,
    )![1]!;
    expect(html).toContain(`<script nonce="${nonce}">window.$widget=[];window.WIDGET_WEBSITE_ID=`);
    expect(html).toContain(`<script async nonce="${nonce}" src="http://localhost:9999/cdn/l.js"></script>`);
    expect(html).not.toMatch(/<script(?! nonce="| async nonce=")/);

    const ws = await makeWorkspace(db);
    expect(await (await app.request(`/demo?website_id=${ws.website_id.toUpperCase()}`)).text()).toContain(
      `"${ws.website_id}"`,
    );
    expect((await app.request('/demo?website_id=01jd2m7r3x8k9q4w5e6t7y8v9a')).status).toBe(404);
    expect((await app.request('/demo?website_id=<script>')).status).toBe(404);
  });

  it('without a widget CDN the demo page says so', async () => {
    const db = getDb();
    const app = make({ SERVE_WIDGET: 'off' });
    const ws = await makeWorkspace(db);
    const res = await app.request(`/demo?website_id=${ws.website_id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('WIDGET_CDN_URL');
  });
});
