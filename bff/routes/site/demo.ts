import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { SignJWT } from 'jose';
import type { Sql } from '../../../server-core/db/db';
import { parseUlid } from '../../../server-core/lib/ulid';
import { getDemoWorkspaceId } from '../../../server-core/setup/demo-seed';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { openIdentitySecret } from '../../../server-core/widget/identity-secret';
import { buildSnippet } from '../../../server-core/widget/snippet';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { DEMO_LOGO_SVG, type DemoIdentity, demoPage } from './demo-page';

const DEMO_EMAIL = 'ada@demo.test';

async function workspaceFor(db: Sql, requested: string | undefined) {
  if (requested !== undefined) {
    const id = parseUlid(requested);
    if (!id) return null;
    return (
      await db.query<{ id: string; website_id: string }>(
        'select id, website_id from workspaces where website_id = $1',
        [id],
      )
    )[0];
  }
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return null;
  return (
    await db.query<{ id: string; website_id: string }>(
      'select id, website_id from workspaces where id = $1',
      [workspaceId],
    )
  )[0];
}

/**
 * The demo site signs its visitor in the way a customer's backend would: an hmac and an HS256 token
 * made with the workspace's identity secret, on the server, handed to the page.
 */
async function demoIdentity(services: Services, workspaceId: string): Promise<DemoIdentity | null> {
  const secret = await openIdentitySecret(services.db, services.box, workspaceId);
  if (!secret) return null;
  const token = await new SignJWT({
    email: DEMO_EMAIL,
    name: 'Ada Lovelace',
    attributes: { plan: 'pro', seats: 5 },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(Math.floor(services.clock.now().getTime() / 1000) + 3600)
    .sign(new TextEncoder().encode(secret.secret));
  return { email: DEMO_EMAIL, hmac: identityHmac(secret.secret, DEMO_EMAIL), token };
}

/** A host page with the snippet installed: the demo workspace's, or ?website_id= another one's. */
export function registerDemoPage(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.get('/demo/logo.svg', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(DEMO_LOGO_SVG, 200, { 'Content-Type': 'image/svg+xml' });
  });
  app.get('/demo', async (c) => {
    const workspace = await workspaceFor(services.db, c.req.query('website_id'));
    const nonce = randomBytes(16).toString('base64');
    const snippet = workspace
      ? buildSnippet(services.config.widgetCdnUrl, workspace.website_id, { nonce })
      : null;
    c.header('Cache-Control', 'no-store');
    if (!snippet) {
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Demo Store</title></head><body><main><h1>Acme Demo Store</h1>
<p>No widget here: ${workspace ? 'no widget CDN is configured (WIDGET_CDN_URL).' : 'no such website id, or no demo workspace (DEMO=off).'}</p></main></body></html>`,
        404,
      );
    }
    const api = new URL(services.config.publicUrl).origin;
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'nonce-${nonce}'; ` +
        `connect-src ${api}; img-src ${api} data:; frame-src 'self'; base-uri 'none'; form-action 'none'`,
    );
    return c.html(demoPage({ snippet, nonce, identity: await demoIdentity(services, workspace!.id) }), 200);
  });
}
