import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { experiencePage } from './support/experiences';
import { at, createGuide, startWalkthrough } from './support/guides';
import type { HostServer } from './support/host-server';
import type { ChildServer } from './support/server';
import { startWebhookWorld, type WebhookWorld } from './support/webhook-world';
import { seedWorkspace, waitForLauncher, watchedPage } from './support/widget';

/**
 * Guide drift end to end (spec service-api.md sections 3 and 6): three visitors whose page no longer has a
 * step's element are told so and report the miss; the guide drifts (guide.drifted at a local receiver);
 * once the element is back, the next visitor's player finds it, reports it, and the guide clears
 * (guide.drift_cleared). Its own server: only UNSAFE_WEBHOOK_ALLOW_HOSTS lets deliveries reach loopback.
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

const TITLE = 'Export a report';
const card = (page: Page) =>
  page
    .getByRole('dialog', { name: `Walkthrough: ${TITLE}`, exact: true })
    .or(page.getByRole('region', { name: `Walkthrough: ${TITLE}`, exact: true }));

it('three visitors missing a step drift the guide (guide.drifted once); a later find clears it (guide.drift_cleared)', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const hook = await fetch(`${server.url}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: hooks.url, events: ['guide.drifted', 'guide.drift_cleared'] }),
  });
  expect(hook.status).toBe(201);
  const guide = await createGuide(ws, server.url, TITLE, [
    at('click', 'Open Reports.', ['#reports'], 'button', 'Reports', 'button'),
    at('click', 'Press Export.', ['#export'], 'button', 'Export', 'button'),
  ]);
  const reports = '<button id="reports" type="button">Reports</button>';
  // The page as it is today: the Export button was renamed and moved (the guide's step 2 drifted).
  const drifted = experiencePage(
    host,
    '/reports',
    ws.websiteId,
    `<main><h1>Reports</h1>${reports}<button id="download" type="button">Download CSV</button></main>`,
    { api: server.url },
  );

  const missing = async () => {
    const w = await watchedPage(browser);
    const reported: Record<string, unknown>[] = [];
    w.page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/widget/guides/${guide.id}/locations`))
        reported.push(r.postDataJSON() as Record<string, unknown>);
    });
    await w.page.goto(drifted);
    await waitForLauncher(w.page);
    await startWalkthrough(w.page, guide.id);
    await card(w.page)
      .getByText(/Step 1 of 2/)
      .waitFor();
    await w.page.getByRole('button', { name: 'Reports', exact: true }).click();
    await card(w.page).getByText("We can't find this step").waitFor({ timeout: 20_000 });
    await expect.poll(() => reported).toEqual([{ step_id: guide.stepIds[1], found: false }]);
    expect(w.errors).toEqual([]);
    return w;
  };
  // Three distinct visitors (three browser contexts, three visitor tokens), side by side.
  const visitors = await Promise.all([missing(), missing(), missing()]);
  await expect
    .poll(() => hooks.received.filter((e) => e.type === 'guide.drifted').length, { timeout: 30_000 })
    .toBe(1);
  const driftedEvent = hooks.received.find((e) => e.type === 'guide.drifted')!;
  expect(driftedEvent.data).toMatchObject({ guide_id: guide.id, step_ids: [guide.stepIds[1]] });
  // Ids and times only: nothing of the page.
  expect(JSON.stringify(driftedEvent.data)).not.toContain('Download');
  for (const v of visitors) await v.close();

  // The button is back: the next visitor's player finds the drifted step and says so.
  const fixed = experiencePage(
    host,
    '/reports',
    ws.websiteId,
    `<main><h1>Reports</h1>${reports}<button id="export" type="button">Export</button></main>`,
    { api: server.url },
  );
  const w = await watchedPage(browser);
  const reported: Record<string, unknown>[] = [];
  w.page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/locations')) reported.push(r.postDataJSON());
  });
  await w.page.goto(fixed);
  await waitForLauncher(w.page);
  await startWalkthrough(w.page, guide.id);
  await card(w.page)
    .getByText(/Step 1 of 2/)
    .waitFor();
  await w.page.getByRole('button', { name: 'Reports', exact: true }).click();
  await card(w.page)
    .getByText(/Step 2 of 2/)
    .waitFor();
  await expect.poll(() => reported).toEqual([{ step_id: guide.stepIds[1], found: true }]);
  await expect
    .poll(() => hooks.received.filter((e) => e.type === 'guide.drift_cleared').length, { timeout: 30_000 })
    .toBe(1);
  expect(hooks.received.find((e) => e.type === 'guide.drift_cleared')!.data).toMatchObject({
    guide_id: guide.id,
  });
  expect(hooks.received.filter((e) => e.type === 'guide.drifted')).toHaveLength(1);
  expect(w.errors).toEqual([]);
  await w.close();
});
