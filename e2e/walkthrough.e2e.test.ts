import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { experiencePage, frames, freshWorkspace, NONCE } from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import {
  type HostWindow,
  launcher,
  panelFrame,
  portalSession,
  type Seeded,
  seedWorkspace,
  waitForLauncher,
  watchedPage,
} from './support/widget';

/**
 * The walkthrough player (widget/chunks/walkthrough) through the real widget: the minified build on host
 * pages of another origin than the service, under the strict CSP of the other widget e2e files. Guides are
 * created and published through the portal operations (createGuide, publishGuide) with element
 * descriptors, and the walkthrough is driven by role and accessible name, as QA would
 * (docs/testing-with-playwright.md).
 */
let browser: Browser;
let host: HostServer;
let ws: Seeded;
let portal: Awaited<ReturnType<typeof portalSession>>;

beforeAll(async () => {
  [browser, host, ws] = await Promise.all([launchChromium(), startHostServer(), seedWorkspace()]);
  portal = await portalSession(ws);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

interface StepInput {
  type: string;
  text: string;
  element?: Record<string, unknown>;
  walkthrough?: { enabled: boolean; alternate_text: string | null; input_placeholder: string | null };
  input?: { masked: boolean };
}

/** A published public guide with these steps (createGuide, publishGuide): its id and its steps' ids. */
async function guideWithSteps(title: string, steps: StepInput[]) {
  const root = `/workspaces/${ws.workspaceId}/guides`;
  const { data } = await portal<{ data: { id: string; steps: { id: string }[] } }>('POST', root, {
    title,
    share_mode: 'public',
    steps,
  });
  await portal('POST', `${root}/${data.id}/publish`);
  return data;
}
const guide = async (title: string, steps: StepInput[]) => (await guideWithSteps(title, steps)).id;

const el = (e: Record<string, unknown>) => ({
  selector_candidates: [],
  role: null,
  name: null,
  tag: null,
  nearest_landmark: null,
  ancestors: [],
  ...e,
});

/** A watched page that also keeps every request body sent anywhere (to prove what never leaves the page). */
async function open() {
  const w = await watchedPage(browser);
  const bodies: { url: string; body: string }[] = [];
  w.page.on('request', (r) => {
    const body = r.postData();
    if (body) bodies.push({ url: r.url(), body });
  });
  const consoleErrors: string[] = [];
  w.page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await w.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  /** Nothing went wrong; `statuses`: refusals the test expects (the browser logs each failed load). */
  const clean = async (...statuses: number[]) => {
    expect(
      await w.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
    ).toEqual([]);
    const expected = (m: string) =>
      statuses.some((s) =>
        m.startsWith(`Failed to load resource: the server responded with a status of ${s}`),
      );
    expect(consoleErrors.filter((m) => !expected(m))).toEqual([]);
    expect(w.errors).toEqual([]);
  };
  return { ...w, bodies, clean };
}

const card = (page: Page, title: string) =>
  page.getByRole('dialog', { name: `Walkthrough: ${title}`, exact: true });
const start = (page: Page, id: string) =>
  page.evaluate((g) => (window as unknown as HostWindow).Widget.walkthrough.start(g), id);
const storage = (page: Page) =>
  page.evaluate(() => ({ session: { ...sessionStorage }, local: { ...localStorage } }));

it('a deep link starts a multi-page walkthrough: stripped from the URL, resumed after a full load, advanced by doing each step; a masked input is never in a request or in storage', async () => {
  const title = 'Change your password';
  const id = await guide(title, [
    {
      type: 'click',
      text: 'Open Settings',
      element: el({
        selector_candidates: ['#old-settings', 'nav a.settings'],
        role: 'link',
        name: 'Settings',
        tag: 'a',
        nearest_landmark: 'navigation',
      }),
    },
    { type: 'navigate', text: 'The settings page opens' },
    {
      type: 'click',
      text: 'An internal step',
      element: el({ selector_candidates: ['h1'] }),
      walkthrough: { enabled: false, alternate_text: null, input_placeholder: null },
    },
    {
      type: 'input',
      text: 'Type the password hunter2',
      element: el({ selector_candidates: ['#pw'], role: 'textbox', name: 'New password', tag: 'input' }),
      walkthrough: {
        enabled: true,
        alternate_text: 'Choose a new password',
        input_placeholder: 'At least 12 characters',
      },
      input: { masked: true },
    },
    {
      type: 'click',
      text: 'Save it',
      element: el({
        selector_candidates: ['#save'],
        role: 'button',
        name: 'Save',
        tag: 'button',
        nearest_landmark: 'main',
      }),
    },
  ]);
  const pageB = experiencePage(
    host,
    '/wt/settings',
    ws.websiteId,
    '<main><h1>Settings</h1><label for="pw">New password</label> <input id="pw" type="password"> <button id="save">Save</button></main>',
  );
  experiencePage(
    host,
    '/wt/home',
    ws.websiteId,
    `<header><nav><a class="settings" href="${new URL(pageB).pathname}?tab=security">Settings</a></nav></header><main><h1>Home</h1></main>`,
  );
  const w = await open();
  await w.page.goto(`${host.url}/wt/home?x=1&widget_walkthrough=${id}&y=a%20b#top`);
  const c = card(w.page, title);
  await c.waitFor();
  // Consumed at boot: stripped, the other parameters and the hash kept.
  expect(w.page.url()).toBe(`${host.url}/wt/home?x=1&y=a%20b#top`);
  await expect.poll(() => c.textContent()).toContain('Step 1 of 4');
  expect(await c.textContent()).toContain('Open Settings');
  // A click step advances by the click: no Next; the highlight never takes the click.
  expect(await c.getByRole('button', { name: 'Next' }).count()).toBe(0);
  await c.getByRole('button', { name: 'End walkthrough' }).waitFor();
  await w.page.getByRole('link', { name: 'Settings' }).click();

  // A full page load: resumed from sessionStorage; the navigate step is done (the URL changed), the disabled
  // step skipped, the masked input step shows its alternate text and placeholder.
  await w.page.waitForURL(/\/wt\/settings\?tab=security$/);
  await expect.poll(() => c.textContent()).toContain('Step 3 of 4');
  expect(await c.textContent()).toContain('Choose a new password');
  expect(await c.textContent()).toContain('At least 12 characters');
  expect(await c.textContent()).not.toContain('hunter2');
  expect(await w.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  // Back and Next by the keyboard.
  await c.getByRole('button', { name: 'Back' }).click();
  await expect.poll(() => c.textContent()).toContain('Step 2 of 4');
  await c.getByRole('button', { name: 'Next' }).press('Enter');
  await expect.poll(() => c.textContent()).toContain('Step 3 of 4');

  const secret = 'Zq9-very-secret-typed';
  await w.page.getByLabel('New password').fill(secret);
  await w.page.getByLabel('New password').press('Enter');
  await expect.poll(() => c.textContent()).toContain('Step 4 of 4');
  expect(JSON.stringify(await storage(w.page))).not.toContain(secret);
  expect(JSON.parse((await storage(w.page)).session['widget:walkthrough']!)).toMatchObject({
    guideId: id,
    index: 4,
  });

  await w.page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => card(w.page, title).count()).toBe(0);
  expect((await storage(w.page)).session['widget:walkthrough']).toBeUndefined();
  expect(await w.page.locator('[data-widget-chrome="walkthrough"]').count()).toBe(0);

  // Never anything typed, in no request at all.
  expect(w.bodies.filter((b) => b.body.includes(secret) || b.body.includes('Zq9'))).toEqual([]);
  expect(JSON.stringify(await storage(w.page))).not.toContain(secret);
  // One GET of the guide (the resume reads it from sessionStorage), no drift report (nothing missing or drifted).
  expect(w.requests.filter((r) => r.path.startsWith('/widget/guides'))).toEqual([
    { method: 'GET', path: `/widget/guides/${id}`, status: 200 },
  ]);
  expect(w.warnings).toEqual([]);
  await w.clean();
  await w.close();
});

it('a late element is waited for; Escape on the card ends the walkthrough', async () => {
  const title = 'Late';
  const id = await guide(title, [
    {
      type: 'click',
      text: 'Press Continue',
      element: el({ role: 'button', name: 'Continue', tag: 'button' }),
    },
    { type: 'note', text: 'The end' },
  ]);
  const late = `<script nonce="${NONCE}">setTimeout(()=>{document.querySelector('main').insertAdjacentHTML('beforeend','<button>Continue</button>')},1500)</script>`;
  const w = await open();
  await w.page.goto(experiencePage(host, '/wt/late', ws.websiteId, `<main><h1>Late</h1></main>${late}`));
  await waitForLauncher(w.page);
  await start(w.page, id);
  const c = card(w.page, title);
  await c.waitFor();
  expect(await w.page.getByRole('button', { name: 'Continue' }).count()).toBe(1);
  await w.page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => c.textContent()).toContain('Step 2 of 2');
  await c.press('Escape');
  await expect.poll(() => c.count()).toBe(0);
  expect((await storage(w.page)).session['widget:walkthrough']).toBeUndefined();
  expect(w.warnings).toEqual([]);
  await w.clean();
  await w.close();
});

it('a body swap ends the walkthrough (it does not follow); one started afterwards works', async () => {
  const title = 'Swap';
  const id = await guide(title, [
    {
      type: 'click',
      text: 'Press Go',
      element: el({ selector_candidates: ['#go'], role: 'button', name: 'Go' }),
    },
    { type: 'note', text: 'Done' },
  ]);
  const w = await open();
  await w.page.goto(
    experiencePage(host, '/wt/swap', ws.websiteId, '<main><button id="go">Go</button></main>'),
  );
  await waitForLauncher(w.page);
  await start(w.page, id);
  await card(w.page, title).waitFor();
  await w.page.evaluate(() => {
    const body = document.createElement('body');
    body.innerHTML = '<main><h1>Swapped</h1><button id="go">Go</button></main>';
    document.documentElement.replaceChild(body, document.body);
  });
  await waitForLauncher(w.page);
  await expect.poll(() => card(w.page, title).count()).toBe(0);
  await frames(w.page);
  expect(await w.page.locator('[data-widget-chrome="walkthrough"]').count()).toBe(0);
  expect((await storage(w.page)).session['widget:walkthrough']).toBeUndefined();
  await start(w.page, id);
  await card(w.page, title).waitFor();
  await w.page.getByRole('button', { name: 'Go' }).click();
  await expect.poll(() => card(w.page, title).textContent()).toContain('Step 2 of 2');
  expect(w.warnings).toEqual([]);
  await w.clean();
  await w.close();
});

it('an unknown guide is one [widget] warning and nothing else', async () => {
  const w = await open();
  await w.page.goto(experiencePage(host, '/wt/unknown', ws.websiteId, '<main><h1>Nothing</h1></main>'));
  await waitForLauncher(w.page);
  const unknown = '01hzzzzzzzzzzzzzzzzzzzzzzz';
  await start(w.page, unknown);
  await expect.poll(() => w.warnings.length).toBe(1);
  expect(w.warnings[0]).toMatch(
    new RegExp(`^\\[widget\\] walkthrough.start: the guide ${unknown} is not available \\(404`),
  );
  await frames(w.page);
  expect(w.warnings).toHaveLength(1);
  expect(await w.page.getByRole('dialog').count()).toBe(0);
  expect(await w.page.locator('[data-widget-chrome="walkthrough"]').count()).toBe(0);
  expect((await storage(w.page)).session).toEqual({});
  await w.clean(404);
  await w.close();
});

it('a missing element: after the wait, "We can\'t find this step" with Try again and End walkthrough, and one miss reported (step id and found:false only)', async () => {
  const title = 'Missing';
  const { id, steps } = await guideWithSteps(title, [
    {
      type: 'click',
      text: 'Press Ghost',
      element: el({ selector_candidates: ['#ghost'], role: 'button', name: 'Ghost' }),
    },
  ]);
  const stepId = steps[0]!.id;
  const w = await open();
  await w.page.goto(experiencePage(host, '/wt/missing', ws.websiteId, '<main><h1>No ghost here</h1></main>'));
  await waitForLauncher(w.page);
  await start(w.page, id);
  const c = card(w.page, title);
  await c.getByText("We can't find this step").waitFor({ timeout: 10_000 });
  const reports = () => w.bodies.filter((b) => b.url.endsWith(`/widget/guides/${id}/locations`));
  await expect
    .poll(() => reports().map((r) => JSON.parse(r.body)))
    .toEqual([{ step_id: stepId, found: false }]);
  await c.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => c.getByText("We can't find this step").count()).toBe(0);
  await c.getByText("We can't find this step").waitFor({ timeout: 10_000 });
  expect(reports()).toHaveLength(1);
  await c.getByRole('button', { name: 'End walkthrough' }).click();
  await expect.poll(() => c.count()).toBe(0);
  // The report is accepted (204): nothing to warn about.
  expect(w.warnings).toEqual([]);
  await w.clean();
  await w.close();
});

it('a program\'s guide item: "Show me on the page" closes the panel and starts the walkthrough', async () => {
  const fresh = await freshWorkspace();
  const other = await portalSession(fresh.ws);
  const root = `/workspaces/${fresh.ws.workspaceId}/guides`;
  const { data } = await other<{ data: { id: string } }>('POST', root, {
    title: 'Find the reports',
    share_mode: 'public',
    steps: [
      {
        type: 'click',
        text: 'Open Reports',
        element: el({ role: 'button', name: 'Reports', tag: 'button' }),
      },
    ],
  });
  await other('POST', `${root}/${data.id}/publish`);
  await fresh.author.program('Getting started', [
    {
      id: 'setup',
      title: 'Set up',
      items: [
        { id: 'g', title: 'Read the reports guide', description: '', kind: 'guide', guide_id: data.id },
      ],
    },
  ]);
  const w = await open();
  await w.page.goto(
    experiencePage(
      host,
      '/wt/program',
      fresh.ws.websiteId,
      '<main><h1>Home</h1><button>Reports</button></main>',
    ),
  );
  await launcher(w.page).click();
  const frame = panelFrame(w.page);
  await frame.getByRole('tab', { name: 'Onboarding' }).click();
  await frame.getByRole('button', { name: 'Read the reports guide', exact: true }).click();
  await frame.getByRole('button', { name: 'Show me on the page' }).click();
  const c = card(w.page, 'Find the reports');
  await c.waitFor();
  await expect.poll(() => w.page.locator('iframe[title="Support panel"]').isVisible()).toBe(false);
  expect(await c.textContent()).toContain('Open Reports');
  await w.page.getByRole('button', { name: 'Reports' }).click();
  await expect.poll(() => c.count()).toBe(0);
  expect(w.warnings).toEqual([]);
  await w.clean();
  await w.close();
});

it('automation.run while feature.automation.execute is off (the default): one [widget] warning, no panel, nothing stored', async () => {
  const id = await guide('Automate me', [
    {
      type: 'click',
      text: 'Press Go',
      element: el({ selector_candidates: ['#go'], role: 'button', name: 'Go' }),
    },
  ]);
  const w = await open();
  await w.page.goto(
    experiencePage(host, '/wt/automation-off', ws.websiteId, '<main><button id="go">Go</button></main>'),
  );
  await waitForLauncher(w.page);
  await w.page.evaluate(
    (g) => (window as unknown as HostWindow).Widget.automation.run(g, { anything: 'Ada' }),
    id,
  );
  await expect.poll(() => w.warnings.length).toBe(1);
  expect(w.warnings[0]).toMatch(/^\[widget\] automation\.run: the run was refused \(404/);
  // The page facts are booleans; the pre-fill never leaves the browser.
  const opened = w.bodies.filter((b) => b.url.endsWith('/widget/automation-runs'));
  expect(opened.map((b) => JSON.parse(b.body))).toEqual([
    {
      guide_id: id,
      url: `${host.url}/wt/automation-off`,
      page: { password_field: false, card_number_field: false },
    },
  ]);
  expect(w.bodies.filter((b) => b.body.includes('Ada'))).toEqual([]);
  expect(await w.page.getByRole('region', { name: 'Automation: Automate me' }).count()).toBe(0);
  expect((await storage(w.page)).session).toEqual({});
  await w.clean(404);
  await w.close();
});

it('an SPA: a navigate step advances on the route change (pushState), the next element is waited for in the new view', async () => {
  const title = 'SPA reports';
  const id = await guide(title, [
    { type: 'click', text: 'Open Reports', element: el({ role: 'link', name: 'Reports', tag: 'a' }) },
    { type: 'navigate', text: 'The reports open' },
    { type: 'click', text: 'Export them', element: el({ role: 'button', name: 'Export', tag: 'button' }) },
  ]);
  const spa = `<script nonce="${NONCE}">document.addEventListener('click',(e)=>{const a=e.target.closest('a[data-spa]');if(!a)return;e.preventDefault();history.pushState({},'',a.getAttribute('href'));setTimeout(()=>{document.querySelector('main').innerHTML='<h1>Reports</h1><button>Export</button>'},300)})</script>`;
  const w = await open();
  await w.page.goto(
    experiencePage(
      host,
      '/wt/spa',
      ws.websiteId,
      `<main><a data-spa href="/wt/spa/reports">Reports</a></main>${spa}`,
    ),
  );
  await waitForLauncher(w.page);
  await start(w.page, id);
  const c = card(w.page, title);
  await expect.poll(() => c.textContent()).toContain('Step 1 of 3');
  await w.page.getByRole('link', { name: 'Reports' }).click();
  await expect.poll(() => c.textContent()).toContain('Step 3 of 3');
  expect(w.page.url()).toBe(`${host.url}/wt/spa/reports`);
  await w.page.getByRole('button', { name: 'Export' }).click();
  await expect.poll(() => c.count()).toBe(0);
  expect(await w.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(w.warnings).toEqual([]);
  await w.clean();
  await w.close();
});
