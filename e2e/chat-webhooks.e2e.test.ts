import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatPage, openChat, staff, startConversation } from './support/chat';
import { fenced } from './support/experiences-part2';
import type { HostServer } from './support/host-server';
import type { ChildServer } from './support/server';
import { startWebhookWorld, type WebhookWorld } from './support/webhook-world';
import { seedWorkspace, waitForLauncher, watchedPage } from './support/widget';

/**
 * Conversation and ticket events of a chat started in the widget reach a local webhook receiver through the
 * real outbox and worker, with allowlisted data only. Its own server: only UNSAFE_WEBHOOK_ALLOW_HOSTS lets
 * deliveries go to a loopback receiver.
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

const EVENTS = [
  'conversation.created',
  'conversation.message_received',
  'conversation.tagged',
  'conversation.resolved',
  'ticket.opened',
  'contact.created',
];

it('conversation.created, message_received, tagged (once per real change), resolved (once) and ticket.opened arrive, without bodies', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const hook = await fetch(`${server.url}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: hooks.url, events: EVENTS }),
  });
  expect(hook.status).toBe(201);
  const team = await staff(ws, server.url);

  const w = await watchedPage(browser);
  await w.page.goto(chatPage(host, '/hooks/chat', ws.websiteId, { api: server.url }));
  await waitForLauncher(w.page);
  const { frame } = await openChat(w.page);
  const secret = 'My invoice number is 4711-SECRET.';
  await startConversation(frame, secret);
  const conversation = await team.only();
  await team.tag(conversation.id, 'billing');
  await team.tag(conversation.id, 'billing'); // no change: no event
  await team.reply(conversation.id, 'Here is a copy of it.');
  await team.resolve(conversation.id);
  await team.toTicket(conversation.id, 'high');
  const fence = await (
    await fetch(`${server.url}/api/v1/contacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'fence@example.com' }),
    })
  ).json();
  const fenceId = (fence as { data: { id: string } }).data.id;
  await expect.poll(() => fenced(hooks.received, fenceId), { timeout: 30_000 }).toBe(true);

  const ours = hooks.received.filter((e) => e.type !== 'contact.created');
  const count = (type: string) => ours.filter((e) => e.type === type).length;
  expect(count('conversation.created')).toBe(1);
  // Inbound messages only: the visitor's one (staff's reply is not "received").
  expect(count('conversation.message_received')).toBe(1);
  expect(count('conversation.tagged')).toBe(1);
  expect(count('conversation.resolved')).toBe(1);
  expect(count('ticket.opened')).toBe(1);
  for (const e of ours) {
    const text = JSON.stringify(e);
    expect(text, e.type).not.toContain('4711-SECRET');
    expect(text, e.type).not.toContain('Here is a copy');
    expect(text, e.type).not.toContain('@');
  }
  expect(ours.find((e) => e.type === 'conversation.created')!.data).toMatchObject({
    conversation_id: conversation.id,
    kind: 'conversation',
  });
  expect(ours.find((e) => e.type === 'ticket.opened')!.data).toMatchObject({ priority: 'high' });
  expect(ours.find((e) => e.type === 'conversation.tagged')!.data).toMatchObject({
    conversation_id: conversation.id,
    source: 'human',
  });
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});
