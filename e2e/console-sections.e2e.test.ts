import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { messages, startConversation } from './support/chat';
import { demoCredentials, ROOT } from './support/server';
import { launcher, noAutoStart, panelFrame, showHelp, waitForLauncher } from './support/widget';

/**
 * The console's Inbox, Content and Experiences sections as the demo owner uses them, in Chromium, by role
 * and name, on a desktop and a 390x844 phone: answer a conversation a visitor opened in the widget on /demo
 * and watch the reply arrive there; write and publish an article and find it in the widget's Help; build
 * and publish a tour and see it run on /demo.
 */
let browser: Browser;
const base = () => inject('serverUrl');
const SHOTS = process.env.SCREENS_DIR ?? join(ROOT, '.tmp', 'screens');

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

const VIEWPORTS: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1280, height: 860 } }],
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

/** A fresh browser context signed in as the demo owner through the console's sign-in page. */
async function signedIn(options: BrowserContextOptions, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ ...options, colorScheme });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const demo = demoCredentials(inject('serverDataDir'));
  await page.goto(`${base()}/app/sign-in`);
  await page.getByLabel('Email').fill(demo.ownerEmail);
  await page.getByLabel('Password').fill(demo.ownerPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/app/sign-in'));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { page, errors, close: () => context.close() };
}

/** Opens a section from the console's navigation (behind the Menu button on a narrow screen). */
async function openSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** A visitor's page of the demo store; `auto` false keeps every experience from starting by itself. */
async function visitor(options: BrowserContextOptions, auto = false) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (!auto) await noAutoStart(page);
  await page.goto(`${base()}/demo`);
  await waitForLauncher(page);
  return { page, close: () => context.close() };
}

/** The demo's staff member (server-core/setup/demo-seed.ts, DEMO_STAFF_NAME). */
const STAFF = 'Sam from Acme';

describe.each(VIEWPORTS)('the console on a %s', (label, options) => {
  it('Inbox: staff answer the conversation a visitor opened in the widget; the reply arrives there', async () => {
    const v = await visitor(options);
    await launcher(v.page).click();
    const frame = panelFrame(v.page);
    // The demo's panel opens on Help or Onboarding: Chat is a tab away.
    await frame.getByRole('tab', { name: 'Chat' }).click();
    await frame.getByRole('tabpanel', { name: 'Chat' }).waitFor();
    const question = `Where is parcel ${label}-${Date.now()}?`;
    await startConversation(frame, question);

    const staff = await signedIn(options);
    await openSection(staff.page, 'Inbox');
    await staff.page.getByRole('combobox', { name: 'State' }).selectOption('');
    // Newest first: the visitor's conversation leads the list.
    const list = staff.page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('link').first().click();
    const thread = staff.page.getByRole('list', { name: 'Messages' });
    await thread.getByText(question, { exact: true }).waitFor();
    await staff.page.screenshot({ path: join(SHOTS, `console-inbox-${label}.png`), fullPage: true });

    // An internal note is marked as one and never reaches the visitor; the reply does, live.
    // The note's answer is held back until the live feed has shown the note and the reply is typed:
    // the composer keeps what was typed meanwhile (it once cleared it when the answer came).
    const box = staff.page.getByRole('textbox', { name: 'Message' });
    const notes = /\/conversations\/[^/]+\/notes$/;
    let answerNote = () => {};
    const held = new Promise<void>((resolve) => {
      answerNote = resolve;
    });
    await staff.page.route(notes, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await box.fill('Checking with the warehouse.');
    await staff.page.getByRole('button', { name: 'Add internal note' }).click();
    await thread
      .getByRole('listitem', { name: 'Internal note' })
      .getByText('Checking with the warehouse.')
      .waitFor();
    await box.fill('It ships today.');
    answerNote();
    await staff.page.getByText('Note: done.').waitFor();
    await staff.page.unroute(notes);
    expect(await box.inputValue()).toBe('It ships today.');
    await staff.page.getByRole('button', { name: 'Send reply' }).click();
    await thread.getByText('It ships today.', { exact: true }).waitFor();
    await messages(frame).getByText('It ships today.', { exact: true }).waitFor();
    expect(await messages(frame).getByText('Checking with the warehouse.').count()).toBe(0);

    // Keyboard: e resolves; the toolbar then offers Reopen and asking for a rating.
    await staff.page.keyboard.press('e');
    await staff.page.getByRole('button', { name: 'Reopen' }).waitFor();
    await staff.page.getByRole('button', { name: 'Ask for a rating' }).click();
    await staff.page.getByText('rating asked', { exact: false }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.close();
    await v.close();
  });

  it('Inbox: rows preview the latest message; assign to any member, filter by that member, unassign', async () => {
    const v = await visitor(options);
    await launcher(v.page).click();
    const frame = panelFrame(v.page);
    await frame.getByRole('tab', { name: 'Chat' }).click();
    await frame.getByRole('tabpanel', { name: 'Chat' }).waitFor();
    const question = `Can I change the delivery address of order ${label}-${Date.now()}?`;
    await startConversation(frame, question);
    await v.close();

    const staff = await signedIn(options);
    const page = staff.page;
    await openSection(page, 'Inbox');
    await page.getByRole('combobox', { name: 'State' }).selectOption('');
    const list = page.getByRole('list', { name: 'Conversations' });
    const row = list.getByRole('link').filter({ hasText: question });
    await row.waitFor();
    await row.click();
    const assignee = page
      .getByRole('toolbar', { name: 'Conversation actions' })
      .getByRole('combobox', { name: 'Assignee' });
    expect(await assignee.inputValue()).toBe('');
    await assignee.selectOption({ label: STAFF });
    await page.getByText('Assign: done.').waitFor();
    await row.getByText(`· ${STAFF}`).waitFor();

    const byAssignee = page
      .getByRole('form', { name: 'Filters' })
      .getByRole('combobox', { name: 'Assignee' });
    await byAssignee.selectOption({ label: STAFF });
    await row.waitFor();
    await byAssignee.selectOption('me');
    await page.getByText('No conversations match.').waitFor();
    await byAssignee.selectOption('none');
    await row.waitFor({ state: 'detached' });
    await byAssignee.selectOption('');
    await row.waitFor();
    if (label === 'phone')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await assignee.selectOption({ label: 'Unassigned' });
    await page.getByText('Unassign: done.').waitFor();
    await page.screenshot({ path: join(SHOTS, `console-inbox-assign-${label}.png`), fullPage: true });
    expect(staff.errors).toEqual([]);
    await staff.close();
  });

  it('Content: write an article with the live preview, publish it, find it in the widget’s Help', async () => {
    const staff = await signedIn(options, label === 'phone' ? 'dark' : 'light');
    await openSection(staff.page, 'Content');
    await staff.page.getByRole('link', { name: 'New article' }).click();
    const title = `Gift wrapping ${label} ${Date.now()}`;
    await staff.page.getByRole('textbox', { name: 'Title' }).fill(title);
    await staff.page
      .getByRole('textbox', { name: 'Body (Markdown)' })
      .fill('## How to ask\n\nTick **Gift wrap** at checkout.\n\n<script>alert(1)</script>');
    // The preview is the readers' rendering: # and ## become h3, raw HTML stays text.
    const preview = staff.page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'How to ask', level: 3 }).waitFor();
    await preview.getByText('Gift wrap', { exact: true }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    await staff.page.screenshot({ path: join(SHOTS, `console-article-${label}.png`), fullPage: true });
    await staff.page.getByRole('button', { name: 'Publish' }).click();
    await staff.page.getByText('Status: published').waitFor();

    const v = await visitor(options);
    await launcher(v.page).click();
    const frame = panelFrame(v.page);
    await showHelp(frame);
    await frame.getByRole('searchbox', { name: 'Search help' }).fill('gift wrapping');
    await frame.getByRole('button', { name: title }).click();
    await frame.getByRole('heading', { name: title, level: 2 }).waitFor();
    await frame.getByRole('heading', { name: 'How to ask', level: 3 }).waitFor();
    await v.close();

    // Deleted again, so other tests of the demo see the Help they expect.
    staff.page.once('dialog', (d) => d.accept());
    await staff.page.getByRole('button', { name: 'Delete' }).click();
    await staff.page.getByRole('heading', { name: 'Articles', level: 2 }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.close();
  });

  it('Experiences: build a tour, publish it, see it run on /demo', async () => {
    const staff = await signedIn(options);
    await openSection(staff.page, 'Experiences');
    const name = `Welcome tour ${label} ${Date.now()}`;
    await staff.page.getByRole('combobox', { name: 'Type of the new experience' }).selectOption('tour');
    await staff.page.getByRole('textbox', { name: 'Name of the new experience' }).fill(name);
    await staff.page.getByRole('button', { name: 'Create' }).click();
    await staff.page.getByRole('heading', { name: `Tour: ${name}`, level: 2 }).waitFor();

    await staff.page.getByRole('button', { name: 'Add step' }).click();
    const step = staff.page.getByRole('group', { name: 'Step 1' });
    await step.getByRole('textbox', { name: 'Title' }).fill(`Hello from ${label}`);
    await step.getByRole('textbox', { name: 'Body' }).fill('This is the store.');
    await step.getByRole('textbox', { name: 'Target selector (empty: centred)' }).fill('h1');
    await staff.page.getByRole('button', { name: 'Add show on rule' }).click();
    await staff.page.getByRole('textbox', { name: 'Show on rule 1 address' }).fill('/demo');
    await staff.page.getByRole('spinbutton', { name: 'Priority' }).fill('1000');
    await staff.page.getByRole('button', { name: 'Publish' }).click();
    await staff.page.getByText('Status: published').waitFor();
    await staff.page.screenshot({ path: join(SHOTS, `console-tour-${label}.png`), fullPage: true });

    const v = await visitor(options, true);
    await v.page.getByText(`Hello from ${label}`).waitFor({ timeout: 20_000 });
    await v.close();

    // Unpublished again, so other tests of the demo meet the demo's own experiences.
    await staff.page.getByRole('button', { name: 'Unpublish' }).click();
    await staff.page.getByText(/^Status: (draft|unpublished)/).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.close();
  });

  it('Experiences: targeting by contact attributes and events, elements and browser triggers; the server’s issue shows next to its field', async () => {
    const staff = await signedIn(options);
    const page = staff.page;
    await openSection(page, 'Experiences');
    const name = `Targeted survey ${label} ${Date.now()}`;
    await page.getByRole('combobox', { name: 'Type of the new experience' }).selectOption('survey');
    await page.getByRole('textbox', { name: 'Name of the new experience' }).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: `Survey: ${name}`, level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Add attribute rule' }).click();
    await page.getByRole('textbox', { name: 'Attribute rule 1 key' }).fill('seats');
    await page.getByRole('combobox', { name: 'Attribute rule 1 test' }).selectOption('greater_than');
    await page.getByRole('spinbutton', { name: 'Attribute rule 1 value' }).fill('10');
    await page.getByRole('button', { name: 'Add attribute rule' }).click();
    await page.getByRole('textbox', { name: 'Attribute rule 2 key' }).fill('beta');
    await page.getByRole('combobox', { name: 'Attribute rule 2 type of value' }).selectOption('boolean');
    await page.getByRole('combobox', { name: 'Attribute rule 2 value' }).selectOption('true');
    await page.getByRole('button', { name: 'Add event rule' }).click();
    const eventName = page.getByRole('textbox', { name: 'Event rule 1 event name' });
    await eventName.fill('service.login');
    await page.getByRole('spinbutton', { name: 'Event rule 1 at least (times)' }).fill('2');
    await page.getByRole('spinbutton', { name: 'Event rule 1 within (days)' }).fill('30');
    await page.getByRole('button', { name: 'Add element rule' }).click();
    await page.getByRole('textbox', { name: 'Element rule 1 selector' }).fill('.paywall');
    await page.getByRole('combobox', { name: 'Element rule 1 present or absent' }).selectOption('absent');
    await page.getByRole('textbox', { name: 'Custom event' }).fill('pricing_viewed');
    await page.getByRole('spinbutton', { name: 'Seconds on page' }).fill('5');
    await page.getByRole('spinbutton', { name: 'Scrolled percent' }).fill('150');
    await page.getByRole('button', { name: 'Save draft' }).click();

    // The schema refuses the scroll depth first: its message sits under the field, tied to it.
    const scroll = page.getByRole('spinbutton', { name: 'Scrolled percent' });
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await scroll.getAttribute('aria-invalid')).toBe('true');
    const scrollNote = page.locator(`#${await scroll.getAttribute('aria-describedby')}`);
    expect(await scrollNote.textContent()).toMatch(/100/);
    await scroll.fill('50');
    await page.getByRole('button', { name: 'Save draft' }).click();
    // Then the domain's rule: the reserved event name, named next to the event name.
    await page.getByText('Names starting service. or service: are reserved.').waitFor();
    expect(await eventName.getAttribute('aria-invalid')).toBe('true');
    expect(await scroll.getAttribute('aria-invalid')).toBeNull();
    if (label === 'phone') {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: join(SHOTS, `console-targeting-${label}.png`), fullPage: true });
    await eventName.fill('signed_up');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.').waitFor();
    expect(await eventName.getAttribute('aria-invalid')).toBeNull();

    // Everything was stored: a reload shows each condition as it was set.
    await page.reload();
    await page.getByRole('heading', { name: `Survey: ${name}`, level: 2 }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Attribute rule 1 value' }).inputValue()).toBe('10');
    expect(await page.getByRole('combobox', { name: 'Attribute rule 2 value' }).inputValue()).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Event rule 1 event name' }).inputValue()).toBe(
      'signed_up',
    );
    expect(await page.getByRole('spinbutton', { name: 'Event rule 1 within (days)' }).inputValue()).toBe(
      '30',
    );
    expect(await page.getByRole('combobox', { name: 'Element rule 1 present or absent' }).inputValue()).toBe(
      'absent',
    );
    expect(await page.getByRole('textbox', { name: 'Custom event' }).inputValue()).toBe('pricing_viewed');
    expect(await page.getByRole('spinbutton', { name: 'Scrolled percent' }).inputValue()).toBe('50');
    expect(staff.errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await staff.close();
  });

  it('Contacts: search the demo contact, open its page with attributes, timeline and experience ledger', async () => {
    const staff = await signedIn(options, label === 'phone' ? 'dark' : 'light');
    await openSection(staff.page, 'Contacts');
    await staff.page.getByRole('searchbox', { name: /Search by email/ }).fill('ada@');
    const table = staff.page.getByRole('table', { name: 'Contacts' });
    await table.getByRole('link', { name: 'Ada Lovelace' }).click();
    await staff.page.getByRole('heading', { name: 'Ada Lovelace', level: 2 }).waitFor();
    for (const name of ['Attributes', 'Event timeline', 'Experiences']) {
      await staff.page.getByRole('heading', { name, level: 3 }).waitFor();
    }
    await staff.page.getByText('ada@acme-customer.test').first().waitFor();
    await staff.page.screenshot({ path: join(SHOTS, `console-contact-${label}.png`), fullPage: true });

    await openSection(staff.page, 'Experiences');
    await staff.page.getByRole('table', { name: 'Experiences' }).waitFor();
    await staff.page.screenshot({ path: join(SHOTS, `console-experiences-${label}.png`), fullPage: true });
    await openSection(staff.page, 'Content');
    await staff.page.getByRole('table', { name: 'Articles' }).waitFor();
    await staff.page.screenshot({ path: join(SHOTS, `console-articles-${label}.png`), fullPage: true });
    expect(staff.errors).toEqual([]);
    await staff.close();
  });
});
