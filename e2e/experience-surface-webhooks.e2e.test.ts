import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authorSurfaces, region, surfaceWatch, tooltip, under } from './support/experience-surfaces';
import { experiencePage } from './support/experiences';
import type { HostServer } from './support/host-server';
import type { ChildServer } from './support/server';
import { startWebhookWorld, type WebhookWorld } from './support/webhook-world';
import { seedWorkspace, waitForLauncher } from './support/widget';

/**
 * launcher.activated (one per activation, first_activation on the person's first) and banner.dismissed
 * (once per person: a second dismissal, from another tab, sends nothing) reach a local webhook receiver
 * through the real worker. Its own server, since only UNSAFE_WEBHOOK_ALLOW_HOSTS lets deliveries go to a
 * loopback receiver.
 */
let browser: Browser;
let host: HostServer;
let server: ChildServer;
let hooks: WebhookWorld['hooks'];
let world: WebhookWorld | undefined;

beforeAll(async () => {
  world = await startWebhookWorld();
  ({ browser, host, server, hooks } = world);
}, 120_000);
afterAll(() => world?.close());

it('launcher.activated arrives once per activation (first_activation only on the first) and banner.dismissed exactly once, a second dismissal sending nothing', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const hook = await fetch(`${server.url}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      url: hooks.url,
      events: ['launcher.activated', 'banner.dismissed', 'contact.created'],
    }),
  });
  expect(hook.status).toBe(201);
  const a = await authorSurfaces(ws, server.url);
  const on = under('/hooks2/page');
  const l = await a.launcher('Tip', tooltip('#billing', 'A tip.'), on);
  const b = await a.banner('Dismiss me', { message: 'Dismiss me' }, { targeting: on });
  const body = '<main><h1>Hooks</h1><button id="billing">Billing</button></main>';
  const page = experiencePage(host, '/hooks2/page', ws.websiteId, body, { api: server.url });

  // Two tabs of one visitor (one storage): both show the banner, both dismiss it.
  const w = await surfaceWatch(browser);
  await w.page.goto(page);
  await waitForLauncher(w.page);
  await region(w.page, 'Dismiss me').waitFor();
  const other = await w.context.newPage();
  const otherSeen: Record<string, unknown>[] = [];
  other.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/seen')) otherSeen.push(r.postDataJSON());
  });
  await other.goto(page);
  await region(other, 'Dismiss me').waitFor();

  const tip = w.page.getByRole('button', { name: 'Show tip', exact: true });
  await tip.click();
  await w.page.getByRole('tooltip').waitFor();
  await tip.click();
  await tip.click();
  await w.page.getByRole('tooltip').waitFor();
  await region(w.page, 'Dismiss me').getByRole('button', { name: 'Dismiss' }).click();
  await region(other, 'Dismiss me').getByRole('button', { name: 'Dismiss' }).click();
  const dismissals = () => w.seen().filter((s) => s.body?.dismissed === true).length;
  await expect.poll(dismissals).toBe(1);
  await expect.poll(() => otherSeen.filter((x) => x.dismissed === true).length).toBe(1);
  expect(await region(other, 'Dismiss me').count()).toBe(0);

  await expect
    .poll(
      () =>
        hooks.received.filter((e) => e.type === 'launcher.activated').length === 2 &&
        hooks.received.some((e) => e.type === 'banner.dismissed'),
      { timeout: 30_000 },
    )
    .toBe(true);
  // A later event through the same outbox and endpoint: once it is in, anything sent twice would be too.
  const fence = await fetch(`${server.url}/api/v1/contacts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'fence@example.com' }),
  });
  expect(fence.status).toBe(201);
  await expect
    .poll(() => hooks.received.some((e) => e.type === 'contact.created'), { timeout: 30_000 })
    .toBe(true);
  const activated = hooks.received.filter((e) => e.type === 'launcher.activated');
  expect(activated.map((e) => [e.data.experience_id, e.data.first_activation])).toEqual([
    [l.id, true],
    [l.id, false],
  ]);
  expect(
    hooks.received.filter((e) => e.type === 'banner.dismissed').map((e) => e.data.experience_id),
  ).toEqual([b.id]);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await other.close();
  await w.close();
});
