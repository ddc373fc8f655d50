import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { type RunningServer, startServer } from '../runtime/server';
import { DIST_DIR } from '../runtime/widget-bundle';
import { DAY, HOUR } from '../server-core/lib/clock';
import { seedWorkspace as seedOn } from '../server-core/setup/seed-workspace';
import { identityHmac } from '../server-core/widget/identity-proof';
import { launchChromium } from './support/browser';
import { type ExperienceWatch, experiencePage, experienceWatch, frames } from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { freePort } from './support/server';
import { e2eTempDir } from './support/temp';
import {
  type HostWindow,
  panelFrame,
  portalSession,
  rotateIdentitySecret,
  type Seeded,
  seedWorkspace,
  waitForLauncher,
} from './support/widget';

/**
 * Proactive messages (widget/chunks/proactive, server-core/proactive) in Chromium on host pages of another
 * origin under the strict CSP: a trigger message once per browser, campaigns once per contact (two
 * browser contexts racing), held during a live conversation and by the daily cap, and the consent gating
 * of campaign.shown / campaign.clicked read from the network log.
 */
let browser: Browser;
let host: HostServer;

beforeAll(async () => {
  [browser, host] = await Promise.all([launchChromium(), startHostServer()]);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

async function workspace() {
  const ws = await seedWorkspace();
  const portal = await portalSession(ws);
  const secret = await rotateIdentitySecret(ws);
  const publish = async (body: Record<string, unknown>) => {
    const { data } = await portal<{ data: { id: string } }>(
      'POST',
      `/workspaces/${ws.workspaceId}/proactive-messages`,
      body,
    );
    await portal('POST', `/workspaces/${ws.workspaceId}/proactive-messages/${data.id}/publish`);
    return data.id;
  };
  return { ws, secret, publish };
}

const bubble = (page: Page) => page.getByRole('region', { name: /^Message from / });

/**
 * The widget's calls under /widget/campaigns, as sent (path, body) and as answered. An answer is logged once
 * its body is read, which can be after the page already shows it: read answers with expect.poll.
 */
function campaignLog(w: ExperienceWatch) {
  const sent: { path: string; body: unknown }[] = [];
  const answers: {
    campaign: { campaign_id: string; conversation_id: string } | null;
    held: string | null;
  }[] = [];
  w.page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/widget/campaigns') && r.method() === 'POST')
      sent.push({ path: u.pathname, body: r.postDataJSON() });
  });
  w.page.on('response', async (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/widget/campaigns/presence' && r.request().method() === 'POST')
      answers.push(((await r.json()) as { data: (typeof answers)[number] }).data);
  });
  return { sent, answers, beacons: () => sent.filter((s) => s.path.endsWith('/beacons')) };
}

const page = (ws: Pick<Seeded, 'websiteId'>, path: string, api?: string) =>
  experiencePage(host, path, ws.websiteId, '<main><h1>Proactive</h1><p>Host content</p></main>', { api });

const identify = (p: Page, email: string, secret: string) =>
  p.evaluate((i) => (window as unknown as HostWindow).Widget.user.set(i), {
    email,
    hmac: identityHmac(secret, email),
  });

it('a trigger message fires after 5 s on its page, once per browser (not after a reload), again in another browser', async () => {
  const { ws, publish } = await workspace();
  const id = await publish({
    kind: 'trigger',
    name: 'After 5 s',
    body: 'Looking around? Ask us anything here.',
    rules: { url: { match: 'exact', value: '/pm/trigger' }, time_on_page_seconds: 5 },
  });
  const w = await experienceWatch(browser);
  await w.page.clock.install();
  await w.page.goto(page(ws, '/pm/trigger'));
  await waitForLauncher(w.page);
  await w.page.clock.runFor(3_000);
  await frames(w.page);
  expect(await bubble(w.page).count()).toBe(0);
  await w.page.clock.runFor(2_500);
  await bubble(w.page).waitFor();
  await expect.poll(() => bubble(w.page).textContent()).toContain('Looking around? Ask us anything here.');
  expect(w.assets.some((a) => a.startsWith('proactive-'))).toBe(true);
  expect(await w.page.evaluate((k) => localStorage.getItem(k), `widget:fired:${id}`)).toBe('1');
  // The message opens the Chat tab; its close button takes it away.
  await bubble(w.page).getByRole('button', { name: 'Looking around? Ask us anything here.' }).click();
  await panelFrame(w.page).getByRole('tab', { name: 'Chat', selected: true }).waitFor();
  expect(await bubble(w.page).count()).toBe(0);

  await w.page.reload();
  await waitForLauncher(w.page);
  await w.page.clock.runFor(20_000);
  await frames(w.page);
  expect(await bubble(w.page).count()).toBe(0);
  await w.clean();
  await w.close();

  const other = await experienceWatch(browser);
  await other.page.clock.install();
  await other.page.goto(page(ws, '/pm/trigger'));
  await waitForLauncher(other.page);
  await other.page.clock.runFor(6_000);
  await bubble(other.page).waitFor();
  await bubble(other.page).getByRole('button', { name: 'Close message' }).click();
  expect(await bubble(other.page).count()).toBe(0);
  await other.clean();
  await other.close();
});

it('the demo: its trigger message on /demo after 5 s on the page, once per browser', async () => {
  const w = await experienceWatch(browser);
  await w.page.clock.install();
  await w.page.goto(`${inject('serverUrl')}/demo`);
  await waitForLauncher(w.page);
  await w.page.clock.runFor(4_000);
  await frames(w.page);
  expect(await bubble(w.page).count()).toBe(0);
  await w.page.clock.runFor(1_500);
  await bubble(w.page).getByRole('button', { name: 'Looking around? Ask us anything here.' }).waitFor();
  await w.page.reload();
  await waitForLauncher(w.page);
  await w.page.clock.runFor(10_000);
  await frames(w.page);
  expect(await bubble(w.page).count()).toBe(0);
  await w.close();
});

it('campaigns: delivered on user.set into the conversation, beacons only after Widget.consent(true), then capped a day (held, not dropped)', async () => {
  const { ws, secret, publish } = await workspace();
  const welcome = await publish({ kind: 'campaign', name: 'Welcome', body: 'Welcome aboard!', audience: {} });
  await publish({
    kind: 'campaign',
    name: 'Reports',
    body: 'Try the reports.',
    audience: {},
  });

  // Without consent: delivered and shown, clicked, and no beacon on the wire.
  const w = await experienceWatch(browser);
  const log = campaignLog(w);
  await w.page.goto(page(ws, '/pm/campaign'));
  await waitForLauncher(w.page);
  expect(log.sent).toEqual([]); // anonymous at boot: no presence report
  await identify(w.page, 'ada@example.com', secret);
  await bubble(w.page).waitFor();
  await expect.poll(() => log.answers[0]?.campaign?.campaign_id).toBe(welcome);
  await bubble(w.page).getByRole('button', { name: 'Welcome aboard!' }).click();
  // The message is in the campaign's conversation, shown in the Chat tab.
  await panelFrame(w.page).getByText('Welcome aboard!').first().waitFor();
  await frames(w.page);
  expect(log.beacons()).toEqual([]);

  // The next report (a reload: the visitor is identified at boot) holds the second campaign for a day.
  await w.page.reload();
  await waitForLauncher(w.page);
  await expect.poll(() => log.answers.length).toBe(2);
  expect(log.answers[1]).toEqual({ campaign: null, held: 'daily_cap' });
  expect(await bubble(w.page).count()).toBe(0);
  await w.clean();
  await w.close();

  // With consent, another contact: campaign.shown on display, campaign.clicked on the click.
  const c = await experienceWatch(browser);
  const clog = campaignLog(c);
  await c.page.goto(page(ws, '/pm/campaign'));
  await waitForLauncher(c.page);
  await c.page.evaluate(() => (window as unknown as HostWindow).Widget.consent(true));
  await identify(c.page, 'grace@example.com', secret);
  await bubble(c.page).waitFor();
  await expect.poll(() => clog.beacons().length).toBe(1);
  expect(clog.beacons()[0]).toEqual({
    path: `/widget/campaigns/${welcome}/beacons`,
    body: { kind: 'campaign.shown' },
  });
  await bubble(c.page).getByRole('button', { name: 'Welcome aboard!' }).click();
  await expect.poll(() => clog.beacons().length).toBe(2);
  expect(clog.beacons()[1]!.body).toEqual({ kind: 'campaign.clicked' });
  await expect.poll(() => clog.answers.map((a) => a.campaign?.campaign_id)).toEqual([welcome]);
  await c.clean();
  await c.close();
});

it('no campaign while a support conversation is live', async () => {
  const { ws, secret, publish } = await workspace();
  await publish({ kind: 'campaign', name: 'Welcome', body: 'Welcome aboard!', audience: {} });
  const w = await experienceWatch(browser);
  const log = campaignLog(w);
  await w.page.goto(page(ws, '/pm/live'));
  await waitForLauncher(w.page);
  // The visitor writes to support first (the Chat tab), then identifies: the conversation is live.
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.open());
  const panel = panelFrame(w.page);
  await panel.getByRole('tab', { name: 'Chat' }).click();
  await panel.getByRole('button', { name: 'New conversation' }).click();
  await panel.getByRole('textbox', { name: 'Message' }).fill('I need help with my invoice');
  await panel.getByRole('button', { name: 'Send' }).click();
  await panel.getByText('I need help with my invoice').first().waitFor();
  await identify(w.page, 'ada@example.com', secret);
  await expect.poll(() => log.answers.length).toBe(1);
  expect(log.answers[0]).toEqual({ campaign: null, held: 'live_conversation' });
  await frames(w.page);
  expect(await bubble(w.page).count()).toBe(0);
  await w.clean();
  await w.close();
});

it('two browser contexts of one contact racing: one delivery between them', async () => {
  const { ws, secret, publish } = await workspace();
  const tabs = await Promise.all([experienceWatch(browser), experienceWatch(browser)]);
  const logs = tabs.map(campaignLog);
  await Promise.all(tabs.map((t) => t.page.goto(page(ws, '/pm/race'))));
  await Promise.all(tabs.map((t) => waitForLauncher(t.page)));
  // Both browsers are the contact (nothing to deliver yet); then a campaign is published and both load a
  // page at once: their presence reports race at boot.
  for (const [i, t] of tabs.entries()) {
    await identify(t.page, 'ada@example.com', secret);
    await expect.poll(() => logs[i]!.answers.length).toBe(1);
  }
  const id = await publish({ kind: 'campaign', name: 'Once', body: 'Only once for you.', audience: {} });
  await Promise.all(tabs.map((t) => t.page.reload()));
  await expect.poll(() => logs.flatMap((l) => l.answers).length).toBe(4);
  const delivered = logs.flatMap((l) => l.answers).filter((a) => a.campaign);
  expect(delivered.map((a) => a.campaign!.campaign_id)).toEqual([id]);
  await expect
    .poll(async () => (await Promise.all(tabs.map((t) => bubble(t.page).count()))).sort())
    .toEqual([0, 1]);
  // A cleared browser of the same contact never gets it again.
  const fresh = await experienceWatch(browser);
  const flog = campaignLog(fresh);
  await fresh.page.goto(page(ws, '/pm/race'));
  await waitForLauncher(fresh.page);
  await identify(fresh.page, 'ada@example.com', secret);
  await expect.poll(() => flog.answers.length).toBe(1);
  expect(flog.answers[0]!.campaign).toBeNull();
  for (const t of [...tabs, fresh]) {
    await t.clean();
    await t.close();
  }
});

describe('on a server whose clock the test moves (startServer with an injected clock)', () => {
  let server: RunningServer;
  let dataDir: string;
  const moved = { ms: 0 };

  beforeAll(async () => {
    const port = await freePort();
    dataDir = e2eTempDir('e2e-proactive-');
    server = await startServer({
      config: loadConfig({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DEMO: 'off',
        WORKER: 'off',
        LOG_LEVEL: 'error',
        // An HTTP embedder nobody calls (no content is written): no word table to load.
        EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
        EMBEDDINGS_MODEL: 'unused',
        EMBEDDINGS_DIM: '8',
      }),
      logger: silentLogger,
      clock: { now: () => new Date(Date.now() + moved.ms) },
      widgetDistDir: DIST_DIR,
    });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a capped campaign is deferred, not dropped: it arrives once a day has passed on the server clock', async () => {
    const ws = await seedOn(server.db, { now: new Date(), name: 'Moved clock' });
    const portal = await portalSession(ws, server.url);
    const root = `/workspaces/${ws.workspaceId}`;
    const { data: rotated } = await portal<{ data: { secret: string } }>(
      'POST',
      `${root}/widget/identity-secret/rotate`,
    );
    const ids: string[] = [];
    for (const body of ['Welcome aboard!', 'Try the reports.']) {
      const { data } = await portal<{ data: { id: string } }>('POST', `${root}/proactive-messages`, {
        kind: 'campaign',
        name: body,
        body,
        audience: {},
      });
      await portal('POST', `${root}/proactive-messages/${data.id}/publish`);
      ids.push(data.id);
    }
    const w = await experienceWatch(browser);
    const log = campaignLog(w);
    const url = page(ws, '/pm/moved', server.url);
    await w.page.goto(url);
    await waitForLauncher(w.page);
    await identify(w.page, 'ada@example.com', rotated.secret);
    await bubble(w.page).getByRole('button', { name: 'Welcome aboard!' }).waitFor();
    await expect.poll(() => log.answers[0]?.campaign?.campaign_id).toBe(ids[0]);

    // Twenty-three hours later the second one is still held; a day and a bit later it arrives.
    moved.ms = 23 * HOUR;
    await w.page.reload();
    await waitForLauncher(w.page);
    await expect.poll(() => log.answers.length).toBe(2);
    expect(log.answers[1]).toEqual({ campaign: null, held: 'daily_cap' });
    await frames(w.page);
    expect(await bubble(w.page).count()).toBe(0);
    moved.ms = DAY + HOUR;
    await w.page.reload();
    await bubble(w.page).getByRole('button', { name: 'Try the reports.' }).waitFor();
    await expect.poll(() => log.answers[2]?.campaign?.campaign_id).toBe(ids[1]);
    // Both are in the visitor's conversations (Chat tab), whether or not a bubble was shown.
    await w.page.evaluate(() => (window as unknown as HostWindow).Widget.open());
    const panel = panelFrame(w.page);
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await expect.poll(() => panel.getByRole('button', { name: /^Conversation/ }).count()).toBe(2);
    await w.clean();
    await w.close();
  });
});
