import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import type { AppEnv } from '../../env';
import { OPENAPI_PATH, openApiDocument } from '../../openapi/document';
import type { Services } from '../../services';
import { DOCS_ASSETS } from './docs-assets';
import { guideSections } from './docs-guide';
import { pageShell, renderGuidePage, renderReference } from './docs-render';
import type { OpenApiDoc } from './openapi-doc';

/** The webhook guide for receivers, rendered at /docs/webhooks. */
export const WEBHOOKS_GUIDE = fileURLToPath(new URL('../../../docs/webhooks.md', import.meta.url));

/**
 * The page policy: the script by its per-answer nonce, the stylesheet from this origin, nothing inline,
 * nothing from elsewhere (frame-ancestors is added by the security-headers middleware).
 */
const policy = (nonce: string) =>
  `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'self'; img-src 'self' data:; ` +
  "base-uri 'none'; form-action 'none'";

/**
 * The API reference at /docs (rendered on the server from the same document as /api/v1/openapi.json),
 * the webhook guide at /docs/webhooks, and their two assets. Pages are rendered once; each answer only
 * gets its own nonce.
 */
export function registerDocsPage(app: OpenAPIHono<AppEnv>, services: Services): void {
  const { config } = services;
  let reference: string | null = null;
  let webhooks: string | null = null;
  const assets = { css: DOCS_ASSETS.css.path, js: DOCS_ASSETS.js.path };

  const page = (title: string, body: string, search: boolean) => {
    // A fresh nonce per answer; the body is rendered once.
    const nonce = randomBytes(16).toString('base64');
    return {
      html: pageShell({ title, nonce, assets, search, body }),
      headers: { 'Content-Security-Policy': policy(nonce), 'Cache-Control': 'no-cache' },
    };
  };

  // The reference is ~540 KB of HTML, ~50 KB gzipped: compressed here, as no proxy may sit in front.
  const gzip = compress({ encoding: 'gzip' });

  app.get('/docs', gzip, (c) => {
    reference ??= renderReference(openApiDocument(app) as unknown as OpenApiDoc, {
      specPath: OPENAPI_PATH,
      baseUrl: new URL(config.publicUrl).origin,
      guide: guideSections({
        baseUrl: new URL(config.publicUrl).origin,
        rateLimitPerKey: config.rateLimitPerKey,
        rateLimitPerWorkspace: config.rateLimitPerWorkspace,
        widgetBootsPerMinute: config.widgetLimits.bootsPerMinute,
        widgetSearchesPerMinute: config.widgetLimits.searchesPerMinute,
      }),
    });
    const p = page('API reference', reference, true);
    return c.html(p.html, 200, p.headers);
  });
  app.get('/docs/', (c) => c.redirect('/docs', 301));

  app.get('/docs/webhooks', gzip, (c) => {
    webhooks ??= renderGuidePage(readFileSync(WEBHOOKS_GUIDE, 'utf8'));
    const p = page('Webhooks guide', webhooks, false);
    return c.html(p.html, 200, p.headers);
  });

  for (const asset of Object.values(DOCS_ASSETS)) {
    app.get(asset.path, gzip, (c) =>
      c.body(asset.body, 200, {
        'Content-Type': asset.type,
        'Cache-Control': 'public, max-age=31536000, immutable',
      }),
    );
  }
}
