import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import {
  completedEvents,
  dialog,
  experiencePage,
  experienceWatch,
  frames,
  freshWorkspace,
  listenCompleted,
  onPages,
  startTour,
  step,
} from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { waitForLauncher } from './support/widget';

/**
 * The experience engine (widget/core/experiences.ts) in Chromium: the minified build on host pages of
 * another origin than the service, under the strict CSP of the other widget e2e files (connect-src names
 * the service and its ws: origin). Experiences are authored through the portal operations on a fresh
 * workspace per test, and the tours are driven by role and name.
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

it('auto-starts the tour the decision names; steps and the completion are recorded, experience:completed is emitted once; a page with no tour never fetches the tour chunk', async () => {
  const { ws, author } = await freshWorkspace();
  const tour = await author.tour(
    'Welcome',
    [
      step('welcome', { title: 'Welcome aboard', body: 'A short tour.' }),
      step('billing', { title: 'Billing lives here', target: { selector: '#billing' } }),
    ],
    { targeting: onPages('/exp/auto') },
  );
  const w = await experienceWatch(browser);
  const body = '<main><h1>Dashboard</h1><button id="billing">Billing</button></main>';
  await w.page.goto(experiencePage(host, '/exp/plain', ws.websiteId, body));
  await waitForLauncher(w.page);
  // The boot decision and the one after the realtime socket's ready: no tour for this page.
  await expect.poll(() => w.decisions().length).toBe(2);
  await expect.poll(() => w.requests.filter((r) => r.path.startsWith('/widget/experiences?')).length).toBe(2);
  await frames(w.page);
  expect(w.tourChunk()).toEqual([]);
  expect(w.sessions()).toEqual([]);
  await w.clean();

  await w.page.goto(experiencePage(host, '/exp/auto', ws.websiteId, body));
  await listenCompleted(w.page);
  const welcome = dialog(w.page, 'Welcome aboard');
  await welcome.waitFor();
  expect(w.tourChunk()).toHaveLength(1);
  expect(w.sessions().map((s) => s.body)).toEqual([{ url: `${host.url}/exp/auto`, trigger: 'auto' }]);
  await welcome.getByRole('button', { name: 'Next' }).click();
  const billing = dialog(w.page, 'Billing lives here');
  await billing.waitFor();
  await billing.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => w.ends()).toEqual(['completed']);
  expect(w.patches().map((p) => p.body?.step_id ?? p.body?.end)).toEqual(['welcome', 'billing', 'completed']);
  expect(w.patches().every((p) => p.path.includes(tour.live_version_id))).toBe(true);
  await expect
    .poll(() => completedEvents(w.page))
    .toEqual([{ experience_id: tour.id, version_id: tour.live_version_id, slug: tour.slug }]);
  await w.clean();
  await w.close();
});

it('Widget.experiences.start with an id that is no published tour: exactly one [widget] warning and nothing else', async () => {
  const { ws } = await freshWorkspace();
  const w = await experienceWatch(browser);
  await w.page.goto(experiencePage(host, '/exp/start-404', ws.websiteId, '<main><h1>Page</h1></main>'));
  await startTour(w.page, '01jd2m7r3x8k9q4w5e6t7y8v9a');
  await expect.poll(() => w.warnings.length).toBe(1);
  expect(w.warnings[0]).toMatch(/^\[widget\] no published tour 01jd2m7r3x8k9q4w5e6t7y8v9a \(404/);
  await frames(w.page);
  expect(w.sessions()).toEqual([]);
  expect(w.tourChunk()).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(await w.violations()).toEqual([]);
  await w.close();
});
