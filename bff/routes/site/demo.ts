import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Sql } from '../../../server-core/db/db';
import { parseUlid } from '../../../server-core/lib/ulid';
import { getDemoWorkspaceId } from '../../../server-core/setup/demo-seed';
import { buildSnippet } from '../../../server-core/widget/snippet';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { escapeHtml } from './html';

async function websiteIdFor(db: Sql, requested: string | undefined): Promise<string | null> {
  if (requested !== undefined) {
    const id = parseUlid(requested);
    if (!id) return null;
    const rows = await db.query<{ website_id: string }>(
      'select website_id from workspaces where website_id = $1',
      [id],
    );
    return rows[0]?.website_id ?? null;
  }
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return null;
  const rows = await db.query<{ website_id: string }>('select website_id from workspaces where id = $1', [
    workspaceId,
  ]);
  return rows[0]?.website_id ?? null;
}

/** A host page with the snippet installed: the demo workspace's, or ?website_id= another one's. */
export function registerDemoPage(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.get('/demo', async (c) => {
    const websiteId = await websiteIdFor(services.db, c.req.query('website_id'));
    const snippet = websiteId ? buildSnippet(services.config.widgetCdnUrl, websiteId) : null;
    const body = snippet
      ? `<p>This page stands for a customer's website. The snippet below is installed in its <code>&lt;head&gt;</code>;
         the launcher sits in the bottom-right corner.</p><pre>${escapeHtml(snippet)}</pre>`
      : `<p>No widget here: ${websiteId ? 'no widget CDN is configured (WIDGET_CDN_URL).' : 'no such website id, or no demo workspace (DEMO=off).'}</p>`;
    c.header('Cache-Control', 'no-store');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Demo Store</title>${snippet ?? ''}
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#1f2430}pre{background:#f4f5f7;padding:1rem;overflow:auto;font-size:13px}</style>
</head><body><main><h1>Acme Demo Store</h1>${body}</main></body></html>`,
      snippet ? 200 : 404,
    );
  });
}
