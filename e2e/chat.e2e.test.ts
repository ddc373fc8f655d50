import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { identityHmac } from '../server-core/widget/identity-proof';
import { launchChromium } from './support/browser';
import {
  chatPage,
  identify,
  messages,
  openChat,
  received,
  recordViolations,
  staff,
  startConversation,
  violations,
} from './support/chat';
import { type HostServer, startHostServer } from './support/host-server';
import { ROOT } from './support/server';
import {
  launcher,
  panelFrame,
  rotateIdentitySecret,
  seedWorkspace,
  waitForLauncher,
  watchedPage,
} from './support/widget';

/**
 * The Chat tab as a visitor meets it, in Chromium on a host page of another origin under the strict CSP,
 * driven by role and name; staff act through the portal operations as a member would.
 */
let browser: Browser;
let host: HostServer;
/** Screenshots for people to look at (light and dark); the assertions are what the tests hold. */
const SHOTS = process.env.SCREENS_DIR ?? join(ROOT, '.tmp', 'screens');

beforeAll(async () => {
  browser = await launchChromium();
  host = await startHostServer();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** A watched page that records CSP violations; `clean()` checks nothing went wrong on it. */
async function visitor(colorScheme: 'light' | 'dark' = 'light') {
  const w = await watchedPage(browser, { colorScheme });
  await recordViolations(w.page);
  const clean = async () => {
    expect(await violations(w.page)).toEqual([]);
    expect(w.warnings).toEqual([]);
    expect(w.errors).toEqual([]);
  };
  return { ...w, clean };
}

/** The widget's GETs of one conversation so far. */
const reads = (w: { requests: { method: string; path: string }[] }, id: string) =>
  w.requests.filter((r) => r.method === 'GET' && r.path === `/widget/conversations/${id}`).length;

it('round trip: the visitor starts a conversation, staff reply, the reply arrives live and fires message:received', async () => {
  const ws = await seedWorkspace();
  const team = await staff(ws);
  const w = await visitor();
  await w.page.goto(chatPage(host, '/chat/round-trip', ws.websiteId));
  await waitForLauncher(w.page);
  const { frame, chat } = await openChat(w.page);
  await chat.getByRole('status').filter({ hasText: 'No conversations yet.' }).waitFor();
  await w.page.screenshot({ path: join(SHOTS, 'chat-light-empty.png') });
  await startConversation(frame, 'Hello, where is my order?');
  const conversation = await team.only();
  expect(conversation.contact_id).toBeNull(); // an anonymous visitor
  // This server has no virus scanner (CLAMD_URL): the boot config disables files, so no upload button.
  expect(await frame.getByRole('button', { name: 'Attach a file' }).count()).toBe(0);

  const before = reads(w, conversation.id);
  await team.reply(conversation.id, 'Hi! It ships tomorrow.');
  const log = messages(frame);
  await log.getByText('Hi! It ships tomorrow.', { exact: true }).waitFor();
  // Live: the realtime frame made the widget fetch the conversation (no polling, no reload).
  expect(reads(w, conversation.id)).toBe(before + 1);
  await expect.poll(() => received(w.page)).toEqual(['Hi! It ships tomorrow.']);
  // Staff's name is on the reply; an internal note never reaches the visitor.
  await team.note(conversation.id, 'Internal: check the warehouse.');
  await team.reply(conversation.id, 'Anything else?');
  await log.getByText('Anything else?', { exact: true }).waitFor();
  expect(await log.getByText('Internal: check the warehouse.').count()).toBe(0);
  await expect.poll(() => received(w.page)).toEqual(['Hi! It ships tomorrow.', 'Anything else?']);
  await w.page.screenshot({ path: join(SHOTS, 'chat-light-conversation.png') });

  // The visitor answers with the keyboard: Enter sends.
  const box = frame.getByRole('textbox', { name: 'Message' });
  await box.fill('No, thanks!');
  await box.press('Enter');
  await log.getByText('No, thanks!', { exact: true }).waitFor();
  expect(await box.inputValue()).toBe('');
  // The visitor's own messages never fire message:received.
  expect(await received(w.page)).toEqual(['Hi! It ships tomorrow.', 'Anything else?']);

  // Back to the list: the conversation, its entry focused.
  await frame.getByRole('button', { name: 'Back to conversations' }).click();
  const entry = frame
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /^Conversation/ });
  await expect.poll(() => entry.evaluate((el) => el === document.activeElement)).toBe(true);
  await w.page.screenshot({ path: join(SHOTS, 'chat-light-list.png') });

  // A reply with the panel closed still fires message:received.
  await launcher(w.page, 'Close support').click();
  await team.reply(conversation.id, 'Have a nice day.');
  await expect
    .poll(() => received(w.page))
    .toEqual(['Hi! It ships tomorrow.', 'Anything else?', 'Have a nice day.']);
  await w.clean();
  await w.close();
});

it('a body swap mid-conversation (Turbo Drive): the panel reloads, refetches the conversation, and replies keep arriving', async () => {
  const ws = await seedWorkspace();
  const team = await staff(ws);
  const w = await visitor();
  const page = (title: string, next: string) =>
    chatPage(host, `/chat/turbo/${title}`, ws.websiteId, {
      turbo: true,
      body: `<main><h1>${title}</h1><a href="/chat/turbo/${next}">Go to ${next}</a></main>`,
    });
  const one = page('one', 'two');
  page('two', 'one');
  await w.page.goto(one);
  await waitForLauncher(w.page);
  await w.page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  const { frame } = await openChat(w.page);
  await startConversation(frame, 'Do you ship to Norway?');
  const conversation = await team.only();
  const before = reads(w, conversation.id);

  await w.page.getByRole('link', { name: 'Go to two' }).click();
  await w.page.getByRole('heading', { name: 'two' }).waitFor();
  // A Turbo visit, not a page load: the window survived, the body was swapped.
  expect(
    await w.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  // The panel is open again on the same conversation, refetched.
  await messages(panelFrame(w.page)).getByText('Do you ship to Norway?', { exact: true }).waitFor();
  expect(reads(w, conversation.id)).toBeGreaterThan(before);
  expect(w.requests.filter((r) => r.path.startsWith('/widget/boot'))).toHaveLength(1);

  await team.reply(conversation.id, 'We do, in 3 days.');
  await messages(panelFrame(w.page)).getByText('We do, in 3 days.', { exact: true }).waitFor();
  await expect.poll(() => received(w.page)).toEqual(['We do, in 3 days.']);
  await w.clean();
  await w.close();
});

it('CSAT: staff resolve and ask for a rating, the visitor rates with the keyboard, the score is in the public API', async () => {
  const ws = await seedWorkspace();
  const team = await staff(ws);
  const w = await visitor('dark');
  await w.page.goto(chatPage(host, '/chat/csat', ws.websiteId));
  await waitForLauncher(w.page);
  const { frame } = await openChat(w.page);
  await startConversation(frame, 'My parcel arrived damaged.');
  const conversation = await team.only();
  await team.reply(conversation.id, 'Sorry! A new one is on its way.');
  await messages(frame).getByText('Sorry! A new one is on its way.').waitFor();
  await team.resolve(conversation.id);
  await frame.getByText('This conversation is resolved. Write to open it again.').waitFor();
  expect(await frame.getByRole('radiogroup').count()).toBe(0);
  await team.requestRating(conversation.id);

  // The row arrives live (conversation.updated); arrow keys move within the group, nothing is sent until "Send rating".
  const group = frame.getByRole('radiogroup', { name: 'Rate this conversation' });
  await group.waitFor();
  expect(await group.getByRole('radio').count()).toBe(5);
  const send = frame.getByRole('button', { name: 'Send rating' });
  expect(await send.isDisabled()).toBe(true);
  await group.getByRole('radio', { name: '1 out of 5' }).focus();
  await w.page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await w.page.keyboard.press('ArrowRight');
  expect(await group.getByRole('radio', { name: '4 out of 5' }).isChecked()).toBe(true);
  expect(w.requests.filter((r) => r.path.endsWith('/rating'))).toEqual([]);
  await w.page.screenshot({ path: join(SHOTS, 'chat-dark-csat.png') });
  await w.page.keyboard.press('Tab');
  expect(await send.evaluate((el) => el === document.activeElement)).toBe(true);
  await w.page.keyboard.press('Enter');
  await frame.getByText('You rated this conversation 4 out of 5. Thank you!').waitFor();
  expect((await team.publicConversation(conversation.id)).data.rating).toBe(4);
  await w.clean();
  await w.close();
});

it('anonymous to identified: after user.set the conversation is the contact’s, and follows them to another browser', async () => {
  const ws = await seedWorkspace();
  const secret = await rotateIdentitySecret(ws);
  const team = await staff(ws);
  const email = 'grace@example.com';
  const hmac = identityHmac(secret, email);

  const w = await visitor();
  await w.page.goto(chatPage(host, '/chat/handover', ws.websiteId));
  await waitForLauncher(w.page);
  const { frame } = await openChat(w.page);
  await startConversation(frame, 'Can I change my delivery address?');
  const conversation = await team.only();
  expect(conversation.contact_id).toBeNull();
  await frame.getByRole('button', { name: 'Back to conversations' }).click();
  const lists = () =>
    w.requests.filter((r) => r.method === 'GET' && r.path === '/widget/conversations').length;
  const listed = lists();

  await identify(w.page, { email, hmac });
  // The list is fetched again after user.set (the hand-over), still with the conversation.
  await expect.poll(lists).toBeGreaterThan(listed);
  await expect
    .poll(async () => (await team.publicConversation(conversation.id)).data.contact_id)
    .not.toBeNull();
  await w.clean();
  await w.close();

  // Another browser (a new visitor) identified as the same person sees the conversation and its replies.
  const other = await visitor();
  await other.page.goto(chatPage(host, '/chat/handover-2', ws.websiteId));
  await waitForLauncher(other.page);
  await identify(other.page, { email, hmac });
  await expect
    .poll(() => other.requests.some((r) => r.path === '/widget/identify' && r.status === 200))
    .toBe(true);
  const second = await openChat(other.page);
  await second.chat
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /^Conversation/ })
    .click();
  await messages(second.frame).getByText('Can I change my delivery address?').waitFor();
  await team.reply(conversation.id, 'Yes, in your account.');
  await messages(second.frame).getByText('Yes, in your account.').waitFor();
  await expect.poll(() => received(other.page)).toEqual(['Yes, in your account.']);
  await other.clean();
  await other.close();
});
