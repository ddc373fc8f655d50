import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { author, dialog, experiencePage, experienceWatch, step } from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { type ChildServer, startChildServer } from './support/server';
import { launcher, panelFrame, seedWorkspace, waitForLauncher } from './support/widget';

/**
 * The widget's experience writes reach a local webhook receiver through the real worker: a program whose
 * one item is a tour, played from the Onboarding tab and completed with a rating. Its own server, since
 * only UNSAFE_WEBHOOK_ALLOW_HOSTS lets deliveries go to a loopback receiver.
 */
let browser: Browser;
let host: HostServer;
let server: ChildServer;
let receiver: Server;
const received: { type: string; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  [browser, host, server] = await Promise.all([
    launchChromium(),
    startHostServer(),
    startChildServer({ UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});

it('experience.started, experience.completed and program.item_completed arrive at a webhook receiver exactly once each', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const hook = await fetch(`${server.url}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      events: ['experience.started', 'experience.completed', 'program.item_completed', 'contact.created'],
    }),
  });
  expect(hook.status).toBe(201);
  const a = await author(ws, server.url);
  const tour = await a.tour('Rated tour', [step('only', { title: 'One step' })], { feedback: true });
  const program = await a.program('First week', [
    {
      id: 'week',
      title: 'Week one',
      items: [{ id: 'tour', title: 'Take the tour', description: '', kind: 'tour', tour_id: tour.id }],
    },
  ]);

  const w = await experienceWatch(browser);
  await w.page.goto(
    experiencePage(host, '/hooks/home', ws.websiteId, '<main><h1>Hooks</h1></main>', { api: server.url }),
  );
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().length).toBe(2);
  await launcher(w.page).click();
  // The tab the panel opens on follows the programs once their decision is read; a click before that opens
  // another tab (Chat), so go to Onboarding by name.
  await panelFrame(w.page).getByRole('tab', { name: 'Onboarding' }).click();
  await panelFrame(w.page).getByRole('button', { name: 'Take the tour', exact: true }).click();
  const only = dialog(w.page, 'One step');
  await only.getByRole('button', { name: '4 out of 5' }).click();
  await only.getByRole('button', { name: 'Done' }).click();
  const writes = () => w.requests.filter((r) => r.path.includes('/items/') && r.status === 200).length;
  await expect.poll(writes).toBe(2); // in_progress, then done

  const key = (e: { type: string; data: Record<string, unknown> }) => `${e.type} ${e.data.experience_id}`;
  const expected = [
    `experience.started ${program.id}`,
    `experience.started ${tour.id}`,
    `experience.completed ${tour.id}`,
    `program.item_completed ${program.id}`,
    `experience.completed ${program.id}`,
  ];
  await expect
    .poll(() => expected.every((k) => received.some((e) => key(e) === k)), { timeout: 30_000 })
    .toBe(true);
  // A later event through the same outbox and endpoint: once it is in, anything sent twice would be too.
  const fence = await fetch(`${server.url}/api/v1/contacts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'fence@example.com' }),
  });
  expect(fence.status).toBe(201);
  await expect.poll(() => received.some((e) => e.type === 'contact.created'), { timeout: 30_000 }).toBe(true);
  expect(
    received
      .filter((e) => e.type !== 'contact.created')
      .map(key)
      .sort(),
  ).toEqual([...expected].sort());
  const started = received.filter((e) => e.type === 'experience.started');
  expect(Object.fromEntries(started.map((e) => [e.data.experience_id, e.data.trigger]))).toEqual({
    [program.id]: 'program',
    [tour.id]: 'program',
  });
  const tourDone = received.find((e) => key(e) === `experience.completed ${tour.id}`)!;
  expect(tourDone.data.feedback_rating).toBe(4);
  expect(received.find((e) => e.type === 'program.item_completed')!.data).toMatchObject({
    item_id: 'tour',
    item_kind: 'tour',
  });
  await w.clean();
  await w.close();
});
