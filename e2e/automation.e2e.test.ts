import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { experiencePage, NONCE } from './support/experiences';
import {
  at,
  createGuide,
  findInDatabase,
  type GuideRef,
  openStoppedDatabase,
  opsOn,
  runAutomation,
} from './support/guides';
import { type HostServer, startHostServer } from './support/host-server';
import { type ChildServer, startChildServer } from './support/server';
import { type SeededWithKey, seedWorkspace, waitForLauncher, watchedPage } from './support/widget';

/**
 * Automated execution of a guide (spec widget.md sections 3, 4.1, 4.2, 5): the runner fills in a two-page
 * form on a host page from another origin under the strict CSP, every refusal is a warning and a no-op, an
 * ambiguous element aborts, and afterwards no value typed or proposed is anywhere in the database. Its own
 * server, so the database can be read once the server has stopped (PGlite is one process).
 */
let browser: Browser;
let host: HostServer;
let server: ChildServer;
let ws: SeededWithKey;
let setup: GuideRef;
/** The host pages on a verified name (localhost) and on an unverified one (127.0.0.1), same server. */
let verified: string;
let unverified: string;

const TEAM = 'Zebracorn squad';
const TYPED_EMAIL = 'person-typed@example.org';
const TITLE = 'Set up your team';

const script = (body: string) => `<script nonce="${NONCE}">${body}</script>`;

const SETUP_PAGE = `<main><h1>Set up your team</h1>
<form class="setup" aria-label="Team"><label for="team-name">Team name <input id="team-name" name="team" required></label>
<button type="submit" id="setup-next">Next</button></form></main>${script(
  `document.querySelector('form.setup').addEventListener('submit', function (e) { e.preventDefault();
  sessionStorage.setItem('app:team', document.getElementById('team-name').value); location.assign('/app/setup/details'); });`,
)}`;

const DETAILS_PAGE = `<main><h1>Invite a teammate</h1>
<form class="setup" aria-label="Teammate"><label for="invite-email">Teammate's e-mail <input id="invite-email" name="email" type="email" required></label>
<label for="invite-role">Role <select id="invite-role" name="role"><option value="">Choose</option><option value="agent">Agent</option><option value="admin">Admin</option></select></label>
<button type="submit" id="setup-finish">Finish setup</button><p role="status" id="done"></p></form></main>${script(
  `document.querySelector('form.setup').addEventListener('submit', function (e) { e.preventDefault();
  document.getElementById('done').textContent = sessionStorage.getItem('app:team') + ' is set up (' + document.getElementById('invite-role').value + ')'; });`,
)}`;

const LOGIN_PAGE = `<main><h1>Sign in</h1><form class="setup" aria-label="Sign in">
<label for="team-name">Team name <input id="team-name" name="team"></label>
<label for="pw">Password <input id="pw" type="password" name="password"></label>
<button type="submit" id="setup-next">Next</button></form></main>`;

const AMBIGUOUS_PAGE = `<main><h1>Two saves</h1>
<div class="card"><button type="button" class="save">Save</button></div>
<div class="card"><button type="button" class="save">Save</button></div>
<p id="clicks">0</p></main>${script(
  `document.querySelectorAll('button.save').forEach(function (b) { b.addEventListener('click', function () {
  var p = document.getElementById('clicks'); p.textContent = String(Number(p.textContent) + 1); }); });`,
)}`;

beforeAll(async () => {
  [browser, host, server] = await Promise.all([launchChromium(), startHostServer(), startChildServer()]);
  ws = await seedWorkspace(server.dataDir);
  for (const path of ['/app/setup', '/app/setup/details', '/app/login', '/app/ambiguous']) {
    const body = {
      '/app/setup': SETUP_PAGE,
      '/app/setup/details': DETAILS_PAGE,
      '/app/login': LOGIN_PAGE,
      '/app/ambiguous': AMBIGUOUS_PAGE,
    }[path]!;
    experiencePage(host, path, ws.websiteId, body, { api: server.url });
  }
  verified = host.url.replace('127.0.0.1', 'localhost');
  unverified = host.url;
  setup = await createGuide(ws, server.url, TITLE, [
    at('input', 'Name your team.', ['#team-name', 'input[name=team]'], 'textbox', 'Team name', 'input'),
    at('click', 'Press Next.', ['#setup-next'], 'button', 'Next', 'button'),
    at('input', "Type a teammate's e-mail.", ['#invite-email'], 'textbox', "Teammate's e-mail", 'input'),
    at('select', 'Choose a role.', ['#invite-role'], 'combobox', 'Role', 'select'),
    at('click', 'Press Finish setup.', ['#setup-finish'], 'button', 'Finish setup', 'button'),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.stop();
});

/** The automation calls the page made, with their bodies (never a value among them). */
async function runsWatch(page: Page) {
  const calls: { method: string; path: string; status: number; body: string }[] = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/widget/automation-runs') && r.request().method() !== 'OPTIONS')
      calls.push({
        method: r.request().method(),
        path: u.pathname,
        status: r.status(),
        body: r.request().postData() ?? '',
      });
  });
  return calls;
}

const panel = (page: Page) => page.getByRole('region', { name: `Automation: ${TITLE}`, exact: true });

it('is refused while feature.automation.execute is off: a 404, one [widget] warning, nothing on the page', async () => {
  const w = await watchedPage(browser);
  const calls = await runsWatch(w.page);
  await w.page.goto(`${verified}/app/setup`);
  await waitForLauncher(w.page);
  await runAutomation(w.page, setup.id, { [setup.stepIds[0]!]: TEAM });
  await expect.poll(() => w.warnings.length).toBe(1);
  expect(calls.map((c) => `${c.method} ${c.status}`)).toEqual(['POST 404']);
  expect(await panel(w.page).count()).toBe(0);
  expect(await w.page.locator('#team-name').inputValue()).toBe('');
  expect(w.errors).toEqual([]);
  await w.close();
});

it('completes the two-page form: pre-filled values typed in, the person asked for the one without, recorded step by step', async () => {
  await opsOn(server.dataDir, ['flag', ws.workspaceId, 'feature.automation.execute', 'on']);
  await opsOn(server.dataDir, ['verified-domain', 'add', ws.workspaceId, 'localhost']);
  const w = await watchedPage(browser);
  const calls = await runsWatch(w.page);
  await w.page.goto(`${verified}/app/setup`);
  await waitForLauncher(w.page);
  // Team name and role proposed; the e-mail left to the person.
  await runAutomation(w.page, setup.id, { [setup.stepIds[0]!]: TEAM, [setup.stepIds[3]!]: 'admin' });

  // Page 2 after a full load: the run resumed from sessionStorage and waits for the e-mail.
  await w.page.waitForURL(/\/app\/setup\/details$/);
  await panel(w.page).getByRole('button', { name: 'Continue' }).waitFor();
  await expect
    .poll(() =>
      panel(w.page)
        .getByText(/Step 3 of 5/)
        .count(),
    )
    .toBe(1);
  await w.page.getByLabel("Teammate's e-mail").fill(TYPED_EMAIL);
  await panel(w.page).getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => w.page.getByRole('status').textContent()).toBe(`${TEAM} is set up (admin)`);
  await expect.poll(() => calls.filter((c) => c.method === 'PATCH').length).toBe(1);

  expect(calls.map((c) => `${c.method} ${c.status}`)).toEqual([
    'POST 201',
    ...Array(5).fill('POST 201'),
    'PATCH 200',
  ]);
  const close = JSON.parse(calls.at(-1)!.body) as { state: string };
  expect(close.state).toBe('completed');
  for (const c of calls) {
    expect(c.body).not.toContain(TEAM);
    expect(c.body).not.toContain(TYPED_EMAIL);
    expect(c.body).not.toMatch(/"value"/);
  }
  // The run's state left the tab with the run.
  expect(await w.page.evaluate(() => sessionStorage.getItem('widget:automation'))).toBeNull();
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('is refused on a host no verified domain covers, and on a page with a password field: 403, a warning, a no-op', async () => {
  for (const url of [`${unverified}/app/setup`, `${verified}/app/login`]) {
    const w = await watchedPage(browser);
    const calls = await runsWatch(w.page);
    await w.page.goto(url);
    await waitForLauncher(w.page);
    await runAutomation(w.page, setup.id, { [setup.stepIds[0]!]: TEAM });
    await expect.poll(() => w.warnings.length, { message: url }).toBe(1);
    expect(
      calls.map((c) => `${c.method} ${c.status}`),
      url,
    ).toEqual(['POST 403']);
    expect(await panel(w.page).count(), url).toBe(0);
    expect(await w.page.locator('#team-name').inputValue(), url).toBe('');
    expect(w.errors, url).toEqual([]);
    await w.close();
  }
});

it('aborts when the next element cannot be told apart from another, without touching either', async () => {
  const guide = await createGuide(ws, server.url, 'Save the card', [
    at('click', 'Press Save.', ['button.save'], 'button', 'Save', 'button'),
  ]);
  const w = await watchedPage(browser);
  const calls = await runsWatch(w.page);
  await w.page.goto(`${verified}/app/ambiguous`);
  await waitForLauncher(w.page);
  await runAutomation(w.page, guide.id);
  // The locator gives the page its bounded wait (5 s) to settle before it calls the element ambiguous.
  await expect.poll(() => calls.filter((c) => c.method === 'PATCH').length, { timeout: 15_000 }).toBe(1);
  const close = JSON.parse(calls.find((c) => c.method === 'PATCH')!.body) as {
    state: string;
    reason: string;
  };
  expect(close).toEqual({ state: 'aborted', reason: 'ambiguous_element' });
  expect(calls.filter((c) => c.path.endsWith('/steps'))).toEqual([]);
  expect(await w.page.locator('#clicks').textContent()).toBe('0');
  expect(w.errors).toEqual([]);
  await w.close();
});

it('Stop closes the run as aborted; a body swap ends a run (it does not follow), and one started afterwards works', async () => {
  const w = await watchedPage(browser);
  const calls = await runsWatch(w.page);
  const closes = () =>
    calls.filter((c) => c.method === 'PATCH').map((c) => JSON.parse(c.body) as Record<string, unknown>);
  await w.page.goto(`${verified}/app/setup`);
  await waitForLauncher(w.page);
  // No proposed team name: the run waits for the person on step 1.
  await runAutomation(w.page, setup.id);
  await panel(w.page).getByRole('button', { name: 'Continue' }).waitFor();
  await panel(w.page).getByRole('button', { name: 'Stop' }).click();
  await expect.poll(closes).toEqual([{ state: 'aborted', reason: 'stopped' }]);
  await expect.poll(() => panel(w.page).count()).toBe(0);
  expect(await w.page.evaluate(() => sessionStorage.getItem('widget:automation'))).toBeNull();

  await runAutomation(w.page, setup.id);
  await panel(w.page).getByRole('button', { name: 'Continue' }).waitFor();
  await w.page.evaluate(() => {
    const body = document.createElement('body');
    body.innerHTML = document.body.querySelector('main')!.outerHTML;
    document.documentElement.replaceChild(body, document.body);
  });
  await waitForLauncher(w.page);
  await expect.poll(closes).toEqual([
    { state: 'aborted', reason: 'stopped' },
    { state: 'aborted', reason: 'navigation' },
  ]);
  await expect.poll(() => panel(w.page).count()).toBe(0);
  expect(await w.page.evaluate(() => sessionStorage.getItem('widget:automation'))).toBeNull();

  // A run started after the swap works on the new body (it waits for the person on step 1 again).
  await runAutomation(w.page, setup.id);
  await panel(w.page)
    .getByText(/Step 1 of 5/)
    .waitFor();
  await panel(w.page).getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => closes().length).toBe(3);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('leaves no typed or proposed value anywhere in the database', async () => {
  await server.stop({ keepData: true });
  const db = await openStoppedDatabase(server.dataDir);
  try {
    const runs = await db.query<{ n: number }>('select count(*)::int as n from automation_runs');
    expect(runs[0]!.n).toBeGreaterThanOrEqual(2);
    expect(await findInDatabase(db, [TEAM, TYPED_EMAIL])).toEqual([]);
  } finally {
    await db.close();
  }
});
