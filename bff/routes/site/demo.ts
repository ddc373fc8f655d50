import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Handler } from 'hono';
import { SignJWT } from 'jose';
import type { Sql } from '../../../server-core/db/db';
import { parseUlid } from '../../../server-core/lib/ulid';
import { getDemoWorkspaceId } from '../../../server-core/setup/demo-seed';
import {
  DEMO_SETUP_DETAILS_PATH,
  DEMO_SETUP_PATH,
  findDemoSetupGuide,
} from '../../../server-core/setup/demo-setup-guide';
import { DEMO_FEEDBACK_PATH } from '../../../server-core/setup/demo-visible-experiences';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { openIdentitySecret } from '../../../server-core/widget/identity-secret';
import { buildSnippet } from '../../../server-core/widget/snippet';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { type DemoIdentity, demoApiPage } from './demo-api-page';
import { DEMO_LOGO_SVG, FAVICON_LINK } from './demo-assets';
import { demoFeedbackPage } from './demo-feedback-page';
import { demoSetupDetailsPage, demoSetupPage } from './demo-setup-pages';
import { demoStorePage } from './demo-store-page';

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

/**
 * Host pages with the snippet installed, for the demo workspace or ?website_id= another one's: /demo,
 * a small store as a visitor meets the widget; /demo/feedback, the store's order-confirmation page where the
 * demo survey asks its questions (apart from the store tour's slot); /demo/app/setup and its second page
 * /demo/app/setup/details, a two-page form with "Show me" (walkthrough) and "Do it for me" (automation); and
 * /demo/api, the developer harness with a button per Widget call. All send the strict CSP a careful customer would (nonce scripts, no inline
 * styles).
 */
export function registerDemoPage(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.get('/demo/logo.svg', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(DEMO_LOGO_SVG, 200, { 'Content-Type': 'image/svg+xml' });
  });

  const hostPage =
    (page: 'store' | 'api' | 'feedback' | 'setup' | 'setup-details'): Handler<AppEnv> =>
    async (c) => {
      const requested = c.req.query('website_id');
      const workspace = await workspaceFor(services.db, requested);
      const nonce = randomBytes(16).toString('base64');
      const snippet = workspace
        ? buildSnippet(services.config.widgetCdnUrl, workspace.website_id, { nonce })
        : null;
      c.header('Cache-Control', 'no-store');
      if (!snippet) {
        return c.html(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme demo store</title>${FAVICON_LINK}</head><body><main><h1>Acme demo store</h1>
<p>No widget here: ${workspace ? 'no widget CDN is configured (WIDGET_CDN_URL).' : 'no such website id, or no demo workspace (DEMO=off).'}</p></main></body></html>`,
          404,
        );
      }
      const api = new URL(services.config.publicUrl).origin;
      // The realtime socket needs its ws:/wss: origin named: an http(s) source does not match it (CSP3).
      const realtime = api.replace(/^http/, 'ws');
      c.header(
        'Content-Security-Policy',
        `default-src 'none'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'nonce-${nonce}'; ` +
          `connect-src ${api} ${realtime}; img-src ${api} data:; frame-src 'self'; base-uri 'none'; form-action 'none'`,
      );
      // The other page keeps the website id asked for (the workspace's own spelling, never the raw query).
      const query = requested === undefined ? '' : `?website_id=${workspace!.website_id}`;
      const pages = {
        storePage: `/demo${query}`,
        apiPage: `/demo/api${query}`,
        feedbackPage: `${DEMO_FEEDBACK_PATH}${query}`,
        setupPage: `${DEMO_SETUP_PATH}${query}`,
      };
      if (page === 'store') return c.html(demoStorePage({ snippet, nonce, ...pages }), 200);
      if (page === 'feedback') return c.html(demoFeedbackPage({ snippet, nonce, ...pages }), 200);
      if (page === 'setup' || page === 'setup-details') {
        const guide = await findDemoSetupGuide(services.db, workspace!.id);
        const render = page === 'setup' ? demoSetupPage : demoSetupDetailsPage;
        return c.html(render({ snippet, nonce, storePage: pages.storePage, guide, query }), 200);
      }
      const identity = await demoIdentity(services, workspace!.id);
      return c.html(demoApiPage({ snippet, nonce, identity, storePage: `/demo${query}` }), 200);
    };
  app.get('/demo', hostPage('store'));
  app.get('/demo/api', hostPage('api'));
  app.get(DEMO_FEEDBACK_PATH, hostPage('feedback'));
  app.get(DEMO_SETUP_PATH, hostPage('setup'));
  app.get(DEMO_SETUP_DETAILS_PATH, hostPage('setup-details'));
}
