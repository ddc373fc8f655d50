import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import {
  dialog,
  experiencePage,
  experienceWatch,
  frames,
  onPages,
  startTour,
  step,
} from './support/experiences';
import { authorPart2 } from './support/experiences-part2';
import { type HostServer, startHostServer } from './support/host-server';
import { panelFrame, seedWorkspace, waitForLauncher } from './support/widget';

/**
 * The intrusive slot in Chromium: an auto-start tour, a survey and an unread popup announcement all
 * eligible on the same page. The highest priority wins the page view, the others do not appear on it;
 * each next page view gives the next one its turn. A survey never starts while a tour runs.
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

const SURVEY = {
  questions: [{ id: 'q', kind: 'rating' as const, prompt: 'Rate this page', attribute_key: null }],
  placement: 'corner' as const,
  thank_you: 'Thanks!',
};

it('three competitors, one slot per page view, by priority: the popup (30), then the tour (20), then the survey (10), then nothing', async () => {
  const ws = await seedWorkspace();
  const a = authorPart2(ws, inject('serverUrl'));
  const here = onPages('/slot/page');
  const survey = await a.survey('Slot survey', SURVEY, { targeting: { ...here, priority: 10 } });
  const tour = await a.tour('Slot tour', [step('one', { title: 'The slot tour' })], {
    targeting: { ...here, priority: 20 },
  });
  const popup = await a.announcement(
    'Slot news',
    { title: 'Big news', body: 'Read me', distribution: 'popup' },
    { targeting: { ...here, priority: 30 } },
  );
  const w = await experienceWatch(browser);
  const url = experiencePage(host, '/slot/page', ws.websiteId, '<main><h1>Slot</h1></main>');
  const card = w.page.getByRole('region', { name: 'Survey', exact: true });
  const tourStep = dialog(w.page, 'The slot tour');
  const panel = panelFrame(w.page);
  let loaded = 0;
  const visit = async () => {
    loaded = w.decisions().length;
    await w.page.goto(url);
  };
  /** This page view's decisions came (boot, then the realtime socket's ready) and were applied. */
  const quiet = async () => {
    await expect.poll(() => w.decisions().length).toBeGreaterThanOrEqual(loaded + 2);
    await frames(w.page);
  };

  // 1: the popup opens the panel on its detail (which reads it); the tour and the survey wait.
  await visit();
  await panel.getByRole('article', { name: 'Big news' }).waitFor({ timeout: 15_000 });
  await expect
    .poll(() => w.sent.filter((s) => s.path.endsWith('/seen')).map((s) => s.path))
    .toEqual([`/widget/experiences/${popup.id}/seen`]);
  await quiet();
  expect(await tourStep.count()).toBe(0);
  expect(await card.count()).toBe(0);
  expect(w.sessions()).toEqual([]);
  expect(w.assets.filter((f) => f.startsWith('survey-') || f.startsWith('tour-'))).toEqual([]);

  // 2: the tour (the popup is read); the survey waits. Closing the tour leaves the slot used.
  await visit();
  await tourStep.waitFor({ timeout: 15_000 });
  expect(await w.page.getByRole('dialog', { name: 'Support' }).isVisible()).toBe(false);
  await tourStep.getByRole('button', { name: 'Close tour' }).click();
  await expect.poll(() => w.ends()).toEqual(['dismissed']);
  await quiet();
  expect(await card.count()).toBe(0);
  expect(w.sessions().map((s) => s.path)).toEqual([`/widget/experiences/${tour.live_version_id}/sessions`]);

  // 3: the survey.
  await visit();
  await card.waitFor({ timeout: 15_000 });
  expect(await tourStep.count()).toBe(0);
  await card.getByRole('button', { name: 'Close survey' }).click();
  await expect.poll(() => w.ends()).toEqual(['dismissed', 'dismissed']);
  expect(w.sessions().at(-1)?.path).toBe(`/widget/experiences/${survey.live_version_id}/sessions`);

  // 4: each had its turn (tour and survey once, the popup read): nothing intrusive.
  await visit();
  await waitForLauncher(w.page);
  await quiet();
  expect(await tourStep.count()).toBe(0);
  expect(await card.count()).toBe(0);
  expect(await w.page.getByRole('dialog', { name: 'Support' }).isVisible()).toBe(false);
  expect(w.sessions()).toHaveLength(2);
  await w.clean();
  await w.close();
});

it('a survey does not start while a tour runs: the page view gives its slot up', async () => {
  const ws = await seedWorkspace();
  const a = authorPart2(ws, inject('serverUrl'));
  await a.survey('Later survey', SURVEY, { targeting: onPages('/slot/next') });
  const chosen = await a.tour('Chosen', [step('c', { title: 'Chosen tour' }), step('d', { title: 'More' })], {
    targeting: onPages('/never'),
  });
  const w = await experienceWatch(browser);
  await w.page.goto(experiencePage(host, '/slot/first', ws.websiteId, '<main><h1>First</h1></main>'));
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().length).toBe(2);
  await startTour(w.page, chosen.id);
  await dialog(w.page, 'Chosen tour').waitFor();
  // A route change to the survey's page while the tour plays: the decision names the survey, it waits.
  await w.page.evaluate(() => history.pushState({}, '', '/slot/next'));
  await expect.poll(() => w.decisions().length).toBe(3);
  await frames(w.page);
  expect(await w.page.getByRole('region', { name: 'Survey' }).count()).toBe(0);
  expect(w.assets.filter((f) => f.startsWith('survey-'))).toEqual([]);
  await dialog(w.page, 'Chosen tour').waitFor();
  await w.clean();
  await w.close();
});
