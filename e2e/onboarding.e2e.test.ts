import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProgramContent } from '../server-core/experiences/definition';
import { publishArticles } from './support/articles';
import { launchChromium } from './support/browser';
import {
  dialog,
  type ExpWindow,
  experiencePage,
  experienceWatch,
  frames,
  freshWorkspace,
  step,
} from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { ROOT } from './support/server';
import { launcher, ops, panelFrame, waitForLauncher } from './support/widget';

/**
 * The Onboarding tab (widget/chunks/program) in Chromium under the strict CSP: a program authored through
 * the portal with an item of every kind, moved by pointer and keyboard, in two tabs at once over the
 * realtime socket. Screenshots (light and dark, 1280 and 390 wide) go to .tmp/onboarding-shots/.
 */
let browser: Browser;
let host: HostServer;
const SHOTS = join(ROOT, '.tmp', 'onboarding-shots');

beforeAll(async () => {
  [browser, host] = await Promise.all([launchChromium(), startHostServer()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** A program with one item of each kind: a published public guide, and a draft guide whose GET answers 404. */
async function seedProgram() {
  const { ws, author } = await freshWorkspace();
  await publishArticles(ws, [
    { title: 'Billing basics', slug: 'billing-basics', body: 'How **billing** works.' },
  ]);
  const tour = await author.tour('Product tour', [
    step('t1', { title: 'The dashboard', body: 'Everything starts here.' }),
  ]);
  const guide = await author.guide('Set up your workspace', ['Open Settings.', 'Name your workspace.'], {
    publish: true,
  });
  const oldGuide = await author.guide('An old guide', ['Nothing here.']);
  const sections: ProgramContent['sections'] = [
    {
      id: 'setup',
      title: 'Set up',
      items: [
        { id: 'tour', title: 'Take the tour', description: 'Two minutes.', kind: 'tour', tour_id: tour.id },
        { id: 'guide', title: 'Read the setup guide', description: '', kind: 'guide', guide_id: guide },
        {
          id: 'article',
          title: 'Read about billing',
          description: '',
          kind: 'article',
          article_slug: 'billing-basics',
        },
      ],
    },
    {
      id: 'further',
      title: 'Go further',
      items: [
        { id: 'url', title: 'Open your reports', description: '', kind: 'url', url: '/onb/reports' },
        {
          id: 'invite',
          title: 'Invite a teammate',
          description: 'Use Invite in the header.',
          kind: 'event',
          event_name: 'invited_teammate',
        },
        { id: 'old', title: 'Read the old guide', description: '', kind: 'guide', guide_id: oldGuide },
        { id: 'export', title: 'Export a report', description: '', kind: 'event', event_name: 'exported' },
      ],
    },
  ];
  const program = await author.program('Getting started', sections);
  return { ws, author, tour, guide, oldGuide, program };
}

const item = (frame: FrameLocator, title: string) => frame.getByRole('listitem').filter({ hasText: title });
const bar = (frame: FrameLocator, name: string) => frame.getByRole('progressbar', { name, exact: true });
const value = async (frame: FrameLocator, name: string) => {
  const b = bar(frame, name);
  return `${await b.getAttribute('aria-valuetext')}`;
};

async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      await frames(page);
      await page.screenshot({ path: join(SHOTS, `${name}-${scheme}-${width}.png`) });
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1000, height: 760 });
}

it('the Onboarding tab: sections, items with their state in words, progress; every item kind, by pointer and keyboard; auto opens Chat once nothing is left', async () => {
  const { ws, tour } = await seedProgram();
  const w = await experienceWatch(browser);
  const body = '<main><h1>Home</h1><p>Welcome.</p></main>';
  experiencePage(host, '/onb/reports', ws.websiteId, '<main><h1>Reports</h1></main>');
  await w.page.goto(experiencePage(host, '/onb/home', ws.websiteId, body));
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().length).toBe(2);
  await launcher(w.page).click();
  const frame = panelFrame(w.page);
  // default_tab auto: Onboarding while a program has something to do.
  const onboardingTab = frame.getByRole('tab', { name: 'Onboarding' });
  await expect.poll(() => onboardingTab.getAttribute('aria-selected')).toBe('true');
  await frame.getByRole('heading', { name: 'Getting started' }).waitFor();
  expect(await value(frame, 'Getting started')).toBe('0 of 7 done');
  expect(await bar(frame, 'Getting started').getAttribute('value')).toBe('0');
  expect(await value(frame, 'Set up')).toBe('0 of 3 done');
  expect(await value(frame, 'Go further')).toBe('0 of 4 done');
  expect(await item(frame, 'Take the tour').getByText('To do').count()).toBe(1);
  expect(await item(frame, 'Invite a teammate').innerText()).toContain(
    'done by itself once you have done it',
  );
  const moves = () =>
    w.sent
      .filter((s) => s.path.includes('/items/'))
      .map((s) => `${s.path.split('/').at(-1)} ${s.body?.state}`);

  // An event item: done when its event happens in the page (the first move opens the program session).
  await w.page.evaluate(() => (window as unknown as ExpWindow).Widget.event.push('invited_teammate'));
  await expect
    .poll(() => item(frame, 'Invite a teammate').getByText('Done', { exact: true }).count())
    .toBe(1);
  expect(w.sessions().map((s) => s.body?.trigger)).toEqual(['program']);
  await expect.poll(() => value(frame, 'Getting started')).toBe('1 of 7 done');

  // Skip, by keyboard.
  await frame.getByRole('button', { name: 'Skip Export a report' }).focus();
  await w.page.keyboard.press('Enter');
  await expect.poll(() => item(frame, 'Export a report').getByText('Skipped').count()).toBe(1);
  expect(await frame.getByRole('button', { name: 'Skip Export a report' }).count()).toBe(0);

  // A guide: opened in the tab (in progress), its steps as an ordered list, Mark as done (by keyboard).
  await frame.getByRole('button', { name: 'Read the setup guide', exact: true }).click();
  const guideTitle = frame.getByRole('heading', { name: 'Set up your workspace' });
  await guideTitle.waitFor();
  expect(await frame.getByRole('list').getByRole('listitem').allInnerTexts()).toEqual([
    'Open Settings.',
    'Name your workspace.',
  ]);
  await expect.poll(moves).toContain('guide in_progress');
  await frame.getByRole('button', { name: 'Mark as done' }).focus();
  await w.page.keyboard.press('Enter');
  await expect
    .poll(() => item(frame, 'Read the setup guide').getByText('Done', { exact: true }).count())
    .toBe(1);
  // Focus is back on the item it came from.
  await expect
    .poll(() =>
      frame
        .getByRole('button', { name: 'Read the setup guide', exact: true })
        .evaluate((el) => el === document.activeElement),
    )
    .toBe(true);

  // A guide that is not available: one warning, a line saying so, the item unchanged.
  await frame.getByRole('button', { name: 'Read the old guide', exact: true }).click();
  await frame.getByText('This guide is not available.').waitFor();
  expect(w.warnings).toHaveLength(1);
  expect(w.warnings[0]).toMatch(/^\[widget\] the guide \w+ is not available \(404/);
  w.warnings.length = 0;
  await frame.getByRole('button', { name: /Back to onboarding/ }).click();
  expect(await item(frame, 'Read the old guide').getByText('To do').count()).toBe(1);

  // An article: opens in Help, the item is done.
  await frame.getByRole('button', { name: 'Read about billing', exact: true }).click();
  await frame.getByRole('heading', { name: 'Billing basics' }).waitFor();
  expect(await frame.getByRole('tab', { name: 'Help' }).getAttribute('aria-selected')).toBe('true');
  await expect.poll(moves).toContain('article done');

  // A tour: the panel makes way, the tour plays (trigger program), and its completion marks the item done.
  await onboardingTab.click();
  await frame.getByRole('button', { name: 'Take the tour', exact: true }).click();
  const tourStep = dialog(w.page, 'The dashboard');
  await tourStep.waitFor();
  await expect.poll(() => w.page.getByRole('dialog', { name: 'Support' }).isHidden()).toBe(true);
  expect(w.sessions().map((s) => s.body?.trigger)).toEqual(['program', 'program']);
  expect(w.sessions()[1]!.path).toContain(tour.live_version_id);
  await tourStep.getByRole('button', { name: 'Done' }).click();
  await expect
    .poll(moves)
    .toEqual([
      'invite done',
      'export skipped',
      'guide in_progress',
      'guide done',
      'article done',
      'tour in_progress',
      'tour done',
    ]);
  await launcher(w.page).click();
  await expect.poll(() => item(frame, 'Take the tour').getByText('Done', { exact: true }).count()).toBe(1);
  expect(await value(frame, 'Set up')).toBe('3 of 3 done');
  expect(await value(frame, 'Getting started')).toBe('5 of 7 done');
  await shots(w.page, 'onboarding');

  // A URL item: marked done, then the page goes there.
  await frame.getByRole('button', { name: 'Skip Read the old guide' }).click();
  await expect.poll(() => value(frame, 'Getting started')).toBe('6 of 7 done');
  await frame.getByRole('button', { name: 'Open your reports', exact: true }).click();
  await w.page.waitForURL(`${host.url}/onb/reports`);
  await w.page.getByRole('heading', { name: 'Reports' }).waitFor();
  expect(moves().at(-1)).toBe('url done');
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().filter((d) => d.path.includes('reports')).length).toBe(2);
  await launcher(w.page).click();
  // Nothing left to do: auto opens Chat (no pinned help); the program is still delivered, so its tab stays.
  await expect
    .poll(() => frame.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected'))
    .toBe('true');
  expect(await frame.getByRole('tab').allTextContents()).toEqual(['Help', 'Onboarding', 'Chat']);
  await frame.getByRole('tab', { name: 'Onboarding' }).click();
  await expect.poll(() => value(frame, 'Getting started')).toBe('7 of 7 done');
  await shots(w.page, 'onboarding-done');
  expect(await w.violations()).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('an item completed in a second tab appears in the first without a reload (realtime)', async () => {
  const { ws } = await seedProgram();
  const w = await experienceWatch(browser);
  const url = experiencePage(host, '/onb/tabs', ws.websiteId, '<main><h1>Tabs</h1></main>');
  await w.page.goto(url);
  await waitForLauncher(w.page);
  await launcher(w.page).click();
  const frame = panelFrame(w.page);
  // Opened before the decision came, the panel stays on Help; the Onboarding tab appears beside it.
  await frame.getByRole('tab', { name: 'Onboarding' }).click();
  await frame.getByRole('heading', { name: 'Getting started' }).waitFor();
  // Both tabs share the visitor (localStorage), so the second tab's move reaches the first over its socket.
  const second = await w.context.newPage();
  await second.goto(url);
  await waitForLauncher(second);
  await second.evaluate(() => (window as unknown as ExpWindow).Widget.event.push('invited_teammate'));
  await expect
    .poll(() => item(frame, 'Invite a teammate').getByText('Done', { exact: true }).count(), {
      timeout: 15_000,
    })
    .toBe(1);
  expect(await value(frame, 'Getting started')).toBe('1 of 7 done');
  expect(await w.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(w.sent.filter((s) => s.path.includes('/items/'))).toEqual([]);
  await w.clean();
  await w.close();
});

it('with feature.experiences.core off: no Onboarding tab, no experience request at all, experiences.start warns once', async () => {
  const { ws } = await seedProgram();
  await ops(['flag', ws.workspaceId, 'feature.experiences.core', 'off']);
  const w = await experienceWatch(browser);
  await w.page.goto(experiencePage(host, '/onb/off', ws.websiteId, '<main><h1>Off</h1></main>'));
  await waitForLauncher(w.page);
  await w.page.evaluate(() =>
    (window as unknown as ExpWindow).Widget.experiences.start('01jd2m7r3x8k9q4w5e6t7y8v9a'),
  );
  await expect
    .poll(() => w.warnings)
    .toEqual(['[widget] experiences.start: in-app experiences are off for this workspace']);
  await launcher(w.page).click();
  const frame = panelFrame(w.page);
  // With the flag off the panel is Chat | Help: no Onboarding tab.
  await frame.getByRole('tabpanel', { name: 'Chat' }).waitFor();
  expect(await frame.getByRole('tab').allTextContents()).toEqual(['Chat', 'Help']);
  await frames(w.page);
  expect(w.sent).toEqual([]);
  expect(w.assets.filter((a) => /^(tour|program)-/.test(a))).toEqual([]);
  await w.close();
});
