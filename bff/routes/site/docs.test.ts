import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import { makeTestApp } from '../../testing/services';
import { DOCS_ASSETS } from './docs-assets';

describeDb('/docs', (getDb) => {
  it('/docs/ answers with the reference at /docs', async () => {
    const { app } = makeTestApp(getDb());
    const res = await app.request('/docs/');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/docs');
  });

  it('each answer has its own nonce; the guide shows this server’s rate limits', async () => {
    const { app } = makeTestApp(getDb(), { RATE_LIMIT_PER_KEY: '100', RATE_LIMIT_PER_WORKSPACE: '2500' });
    const [a, b] = [await app.request('/docs'), await app.request('/docs')];
    const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get('Content-Security-Policy')!)![1];
    expect(nonce(a)).not.toBe(nonce(b));
    expect(a.headers.get('Cache-Control')).toBe('no-cache');
    const html = await a.text();
    expect(html).toContain('<strong>100 requests a minute per API key</strong>');
    expect(html).toContain('<strong>2,500 a minute per workspace</strong>');
    expect(html).toContain('RateLimit-Policy: 100;w=60;scope=credential, 2500;w=60;scope=workspace');
  });

  it('the webhook guide is docs/webhooks.md rendered, under the same policy', async () => {
    const { app } = makeTestApp(getDb());
    const res = await app.request('/docs/webhooks');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'nonce-[^']+'; style-src 'self';/);
    const html = await res.text();
    expect(html).toContain('<h2 id="the-signing-secret">The signing secret</h2>');
    expect(html).toContain('<a href="#verifying-a-request-node-js">Verifying a request (Node.js)</a>');
    expect(html).not.toMatch(/\sstyle=|<style/);
  });

  it('serves its stylesheet and script from this origin, cached a year, gzipped when asked', async () => {
    const { app } = makeTestApp(getDb());
    for (const asset of Object.values(DOCS_ASSETS)) {
      const res = await app.request(asset.path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe(asset.type);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(asset.body);
    }
    expect((await app.request('/docs/assets/docs.000000000000.js')).status).toBe(404);
    const page = await app.request('/docs', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers.get('Content-Encoding')).toBe('gzip');
  });
});
