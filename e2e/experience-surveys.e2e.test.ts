import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { experiencePage, experienceWatch, frames, onPages } from './support/experiences';
import { ALL_KINDS, authorPart2, fenced, hmacOf } from './support/experiences-part2';
import type { HostServer } from './support/host-server';
import type { ChildServer } from './support/server';
import { startWebhookWorld, type WebhookWorld } from './support/webhook-world';
import { type HostWindow, seedWorkspace, waitForLauncher } from './support/widget';

/**
 * Surveys (widget/chunks/survey) in Chromium on a host page of another origin under a strict CSP: the card
 * as a modal dialog or a corner region, every question kind, keyboard-only completion, answers posted as
 * given and read back through listExperienceAnswers, the attribute filing, the thank-you, closing and page
 * changes (route, Turbo-style and htmx-style body swaps), and experience.completed at a local webhook
 * receiver. Its own server: only UNSAFE_WEBHOOK_ALLOW_HOSTS lets deliveries reach a loopback receiver.
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

const EMAIL = 'surveyed@example.com';
const answersSent = (w: Awaited<ReturnType<typeof experienceWatch>>) =>
  w.sent.filter((s) => s.method === 'POST' && s.path.endsWith('/answers')).map((s) => s.body);
const press = async (page: Page, ...keys: string[]) => {
  for (const key of keys) await page.keyboard.press(key);
};

it('every question kind, completed with the keyboard only in a modal: answers posted as given, thank-you, experience.completed once, the NPS filed under the contact; a page without a survey never fetches its chunk', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const a = authorPart2(ws, server.url);
  await a.webhook(hooks.url, ['experience.completed', 'contact.created']);
  const survey = await a.survey(
    'Every kind',
    { questions: ALL_KINDS, placement: 'modal', thank_you: 'Thanks for your answers!' },
    { targeting: onPages('/s/survey') },
  );
  const secret = await a.identitySecret();
  const w = await experienceWatch(browser);
  const page = (path: string) =>
    experiencePage(host, path, ws.websiteId, '<main><h1>Survey page</h1><a href="#">A page link</a></main>', {
      api: server.url,
    });

  // A page without a survey: the decision comes (boot, realtime ready), the survey chunk never does.
  await w.page.goto(page('/s/plain'));
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().length).toBe(2);
  await frames(w.page);
  expect(w.assets.filter((f) => f.startsWith('survey-'))).toEqual([]);
  await w.page.evaluate((i) => (window as unknown as HostWindow).Widget.user.set(i), {
    email: EMAIL,
    hmac: hmacOf(secret, EMAIL),
  });
  await expect
    .poll(() => w.requests.filter((r) => r.path === '/widget/identify').map((r) => r.status))
    .toEqual([200]);

  await w.page.goto(page('/s/survey'));
  const card = w.page.getByRole('dialog', { name: 'Survey', exact: true });
  await card.waitFor();
  expect(await card.getAttribute('aria-modal')).toBe('true');
  expect(w.assets.filter((f) => f.startsWith('survey-'))).toHaveLength(1);
  // The attempt counts as the card appears.
  await expect
    .poll(() => w.sessions().map((s) => s.body))
    .toEqual([{ url: `${host.url}/s/survey`, trigger: 'auto' }]);

  // Keyboard only: focus starts on the first question's first radio.
  const nps = card.getByRole('radiogroup', { name: 'How likely are you to recommend us?' });
  await expect
    .poll(() => nps.getByRole('radio', { name: '0', exact: true }).evaluate((e) => e.matches(':focus')))
    .toBe(true);
  // Focus stays in the dialog: Shift+Tab reaches Close, once more wraps to Next.
  await press(w.page, 'Shift+Tab');
  await expect
    .poll(() => card.getByRole('button', { name: 'Close survey' }).evaluate((e) => e.matches(':focus')))
    .toBe(true);
  await press(w.page, 'Shift+Tab');
  await expect
    .poll(() => card.getByRole('button', { name: 'Next' }).evaluate((e) => e.matches(':focus')))
    .toBe(true);
  await press(w.page, 'Tab', 'Tab'); // Close, then the radio group
  await press(w.page, ...Array<string>(9).fill('ArrowRight'), 'Tab', 'Enter');
  const rating = card.getByRole('radiogroup', { name: 'How do you rate the editor?' });
  await rating.waitFor();
  expect(await rating.getByRole('radio').count()).toBe(5);
  await expect
    .poll(() => rating.getByRole('radio', { name: '1 out of 5' }).evaluate((e) => e.matches(':focus')))
    .toBe(true);
  await press(w.page, 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Tab', 'Enter');
  const scale = card.getByRole('radiogroup', { name: 'How easy was the setup?' });
  await scale.waitFor();
  expect(await scale.getByRole('radio').count()).toBe(7);
  await expect
    .poll(() => scale.getByRole('radio', { name: '1', exact: true }).evaluate((e) => e.matches(':focus')))
    .toBe(true);
  await press(w.page, 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Tab', ' ');
  const plan = card.getByRole('radiogroup', { name: 'Which plan are you on?' });
  await plan.waitFor();
  await expect
    .poll(() => plan.getByRole('radio', { name: 'Free' }).evaluate((e) => e.matches(':focus')))
    .toBe(true);
  await press(w.page, 'ArrowDown', 'Tab', 'Enter');
  const use = card.getByRole('group', { name: 'What do you use?' });
  await use.waitFor();
  await expect
    .poll(() => use.getByRole('checkbox', { name: 'Reports' }).evaluate((e) => e.matches(':focus')))
    .toBe(true);
  await press(w.page, ' ', 'Tab', 'Tab', ' ', 'Tab', 'Enter');
  const text = card.getByRole('textbox', { name: 'Anything else?' });
  await text.waitFor();
  await expect.poll(() => text.evaluate((e) => e.matches(':focus'))).toBe(true);
  await w.page.keyboard.type('Great work.');
  await press(w.page, 'Shift+Enter');
  await w.page.keyboard.type('Keep going!');
  await press(w.page, 'Tab');
  expect(await card.getByRole('button', { name: 'Submit' }).evaluate((e) => e.matches(':focus'))).toBe(true);
  await press(w.page, 'Enter');
  await card.getByText('Thanks for your answers!').waitFor();

  expect(answersSent(w)).toEqual([
    { question_id: 'q-nps', value: 9 },
    { question_id: 'q-rating', value: 4 },
    { question_id: 'q-scale', value: 5 },
    { question_id: 'q-plan', value: 'pro' },
    { question_id: 'q-use', value: ['reports', 'api'] },
    { question_id: 'q-text', value: 'Great work.\nKeep going!' },
  ]);
  // The thank-you closes by itself after a moment; a completed session sends no end.
  await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
  expect(w.ends()).toEqual([]);
  expect(await w.page.locator('[data-widget-chrome="survey"]').count()).toBe(0);

  // Integrators read the answers; the NPS answer is filed under the identified contact's attribute.
  const rows = (await a.answers(survey.id)).data;
  expect(Object.fromEntries(rows.map((r) => [r.question_id, r.value]))).toEqual({
    'q-nps': 9,
    'q-rating': 4,
    'q-scale': 5,
    'q-plan': 'pro',
    'q-use': ['reports', 'api'],
    'q-text': 'Great work.\nKeep going!',
  });
  const contact = await a.contact(EMAIL);
  expect(contact?.attributes.nps).toBe(9);
  expect(new Set(rows.map((r) => r.contact_id))).toEqual(new Set([contact!.id]));

  // experience.completed arrives exactly once (a later event through the same endpoint is the fence).
  await expect
    .poll(
      () =>
        hooks.received.some((e) => e.type === 'experience.completed' && e.data.experience_id === survey.id),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  const fence = await a.fence('fence-surveys@example.com');
  await expect
    .poll(() => fenced(hooks.received, fence), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(
    hooks.received.filter((e) => e.type === 'experience.completed' && e.data.experience_id === survey.id),
  ).toHaveLength(1);

  // Completed: the next page view does not bring it back.
  const before = w.decisions().length;
  await w.page.goto(page('/s/survey'));
  await waitForLauncher(w.page);
  // The boot decision and the one after the realtime socket's ready.
  await expect.poll(() => w.decisions().length).toBeGreaterThanOrEqual(before + 2);
  await frames(w.page);
  expect(await card.count()).toBe(0);
  await w.clean();
  await w.close();
});

it('a corner survey for an anonymous visitor: a region with a close button; closing dismisses and keeps what was posted, nothing is filed on a contact', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const a = authorPart2(ws, server.url);
  const survey = await a.survey(
    'Corner',
    { questions: ALL_KINDS.slice(0, 2), placement: 'corner', thank_you: 'Thanks!' },
    { targeting: onPages('/s/corner') },
  );
  const w = await experienceWatch(browser);
  await w.page.goto(
    experiencePage(host, '/s/corner', ws.websiteId, '<main><h1>Corner</h1></main>', { api: server.url }),
  );
  const card = w.page.getByRole('region', { name: 'Survey', exact: true });
  await card.waitFor();
  // A corner card does not take the focus from the page.
  expect(await w.page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await card.getByRole('radio', { name: '7', exact: true }).check();
  await card.getByRole('button', { name: 'Next' }).click();
  await card.getByRole('radiogroup', { name: 'How do you rate the editor?' }).waitFor();
  await card.getByRole('button', { name: 'Close survey' }).click();
  await expect.poll(() => card.count()).toBe(0);
  await expect.poll(() => w.ends()).toEqual(['dismissed']);
  expect(answersSent(w)).toEqual([{ question_id: 'q-nps', value: 7 }]);
  const rows = (await a.answers(survey.id)).data;
  expect(rows.map((r) => [r.question_id, r.value, r.contact_id ?? null])).toEqual([['q-nps', 7, null]]);
  const contacts = await fetch(`${server.url}/api/v1/contacts`, {
    headers: { Authorization: `Bearer ${ws.apiKey}` },
  }).then((r) => r.json() as Promise<{ data: { attributes: Record<string, unknown> }[] }>);
  expect(contacts.data.filter((c) => 'nps' in c.attributes)).toEqual([]);
  await w.clean();
  await w.close();
});

it('a survey waits for its browser trigger (its chunk too); Escape closes the modal (dismissed) and gives the focus back', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const a = authorPart2(ws, server.url);
  await a.survey(
    'Escape',
    { questions: ALL_KINDS.slice(5), placement: 'modal', thank_you: 'Thanks!' },
    { targeting: { ...onPages('/s/escape'), triggers: { custom_event: 'checkout_done' } } },
  );
  const w = await experienceWatch(browser);
  await w.page.goto(
    experiencePage(host, '/s/escape', ws.websiteId, '<main><h1>Escape</h1><button>Pay</button></main>', {
      api: server.url,
    }),
  );
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().length).toBe(2);
  await frames(w.page);
  const card = w.page.getByRole('dialog', { name: 'Survey', exact: true });
  expect(await card.count()).toBe(0);
  expect(w.assets.filter((f) => f.startsWith('survey-'))).toEqual([]);
  expect(w.sessions()).toEqual([]);
  await w.page.getByRole('button', { name: 'Pay' }).focus();
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.event.push('checkout_done'));
  await card.getByRole('textbox', { name: 'Anything else?' }).waitFor();
  await expect.poll(() => w.sessions().length).toBe(1);
  await w.page.keyboard.press('Escape');
  await expect.poll(() => card.count()).toBe(0);
  await expect.poll(() => w.ends()).toEqual(['dismissed']);
  expect(
    await w.page.getByRole('button', { name: 'Pay' }).evaluate((e) => e === document.activeElement),
  ).toBe(true);
  expect(answersSent(w)).toEqual([]);
  await w.clean();
  await w.close();
});

it('a page change takes the survey away (dismissed): a route change, a Turbo-style and an htmx-style body swap; the new page brings its own', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const a = authorPart2(ws, server.url);
  const only = (prompt: string) => [{ id: 'q', kind: 'rating' as const, prompt, attribute_key: null }];
  for (const path of ['a', 'b', 'c', 'd'])
    await a.survey(
      `Page ${path}`,
      { questions: only(`Survey of page ${path.toUpperCase()}`), placement: 'corner', thank_you: 'Thanks!' },
      {
        targeting: onPages(`/s/swap/${path}`),
      },
    );
  const w = await experienceWatch(browser);
  await w.page.goto(
    experiencePage(host, '/s/swap/a', ws.websiteId, '<main><h1>Page A</h1></main>', { api: server.url }),
  );
  const group = (prompt: string) => w.page.getByRole('radiogroup', { name: prompt });
  await group('Survey of page A').waitFor();
  await expect.poll(() => w.sessions().length).toBe(1);
  await group('Survey of page A').getByRole('radio', { name: '3 out of 5' }).check();
  await w.page.getByRole('button', { name: 'Submit' }).waitFor();

  // A route change (pushState): the card goes, its session ends dismissed; page B's survey comes.
  await w.page.evaluate(() => history.pushState({}, '', '/s/swap/b'));
  await group('Survey of page B').waitFor();
  expect(await group('Survey of page A').count()).toBe(0);
  await expect.poll(() => w.ends()).toEqual(['dismissed']);
  await expect.poll(() => w.sessions().length).toBe(2);

  // Turbo-style: a new <body> replaces the old one, and the URL changes.
  await w.page.evaluate(() => {
    const body = document.createElement('body');
    body.innerHTML = '<main><h1>Page C</h1></main>';
    document.body = body;
    history.pushState({}, '', '/s/swap/c');
  });
  await group('Survey of page C').waitFor();
  expect(await group('Survey of page B').count()).toBe(0);
  await expect.poll(() => w.ends()).toEqual(['dismissed', 'dismissed']);

  // htmx-style (hx-boost): the body's contents are swapped in place, then the URL is pushed.
  await w.page.evaluate(() => {
    document.body.innerHTML = '<main><h1>Page D</h1></main>';
    history.pushState({}, '', '/s/swap/d');
  });
  await group('Survey of page D').waitFor();
  expect(await group('Survey of page C').count()).toBe(0);
  await expect.poll(() => w.ends()).toEqual(['dismissed', 'dismissed', 'dismissed']);
  await expect.poll(() => w.sessions().length).toBe(4);
  expect(await w.page.locator('[data-widget-chrome="survey"]').count()).toBe(1);
  expect(answersSent(w)).toEqual([]);
  // Swaps and route changes, not page loads.
  expect(await w.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await w.clean();
  await w.close();
});
