import type { Db } from '../db/db';
import type { SecretBox } from '../lib/secret-box';
import { newId } from '../lib/ulid';
import { getIdentitySecretStatus, rotateIdentitySecret } from '../widget/identity-secret';
import { updateWidgetSettings } from '../widget/widget-settings';
import { getDemoWorkspaceId } from './demo-seed';

const ARTICLES: { slug: string; title: string; access: string; body: string }[] = [
  {
    slug: 'reset-your-password',
    title: 'Reset your password',
    access: 'public',
    body: `Forgot your password? You can set a new one in a minute.

1. Open the sign-in page and choose **Forgot password**.
2. Enter the email address of your account.
3. Follow the link in the email we send you (it works for one hour).

If no email arrives, check your spam folder or [contact us](https://example.com/contact).`,
  },
  {
    slug: 'track-your-order',
    title: 'Track your order',
    access: 'public',
    body: `Every order has a tracking page.

## Where to find it
- In the confirmation email, choose **Track order**.
- Or open **Account > Orders** and pick the order.

Deliveries usually arrive in 2 to 4 working days.`,
  },
  {
    slug: 'returns-and-refunds',
    title: 'Returns and refunds',
    access: 'public',
    body: `You can return most items within 30 days.

Refunds go back to the original payment method within 5 working days of us receiving the parcel.`,
  },
  {
    slug: 'change-your-plan',
    title: 'Change your subscription plan',
    access: 'authenticated',
    body: `Signed-in customers can move between plans at any time in **Account > Plan**. The price difference is
prorated to the day.`,
  },
  {
    slug: 'refund-approval-playbook',
    title: 'Refund approval playbook (internal)',
    access: 'internal',
    body: 'Staff only: refunds above 500 need a second approval.',
  },
];

/**
 * Widget demo content for the demo workspace, added on every start when missing: help articles of each
 * access level, a logo and Help as the default tab, and an identity secret so /demo can show verified
 * identities. Never touches anything that exists.
 */
export async function ensureDemoWidget(db: Db, box: SecretBox, now: Date, publicUrl: string): Promise<void> {
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return;
  const ctx = { db, clock: { now: () => now }, workspaceId, actor: { type: 'system' as const, id: null } };
  for (const [i, a] of ARTICLES.entries()) {
    await db.query(
      `insert into articles (workspace_id, id, title, slug, body, access_level, status, position, published_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'published', $7, $8, $8, $8) on conflict (workspace_id, slug) do nothing`,
      [workspaceId, newId(now), a.title, a.slug, a.body, a.access, i, now],
    );
  }
  const settings = await db.query('select 1 from widget_settings where workspace_id = $1', [workspaceId]);
  if (settings.length === 0) {
    // The logo must be https (or loopback http): a plain-http PUBLIC_URL elsewhere gets no logo.
    await updateWidgetSettings(ctx, { default_tab: 'help', logo_url: `${publicUrl}/demo/logo.svg` }).catch(
      () => updateWidgetSettings(ctx, { default_tab: 'help' }),
    );
  }
  if (!(await getIdentitySecretStatus(ctx)).configured) await rotateIdentitySecret(ctx, box);
}
