import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { experiencePage, experienceWatch, frames, onPages } from './support/experiences';
import { authorPart2, fenced } from './support/experiences-part2';
import type { HostServer } from './support/host-server';
import type { ChildServer } from './support/server';
import { startWebhookWorld, type WebhookWorld } from './support/webhook-world';
import { panelFrame, seedWorkspace, showHelp } from './support/widget';

/**
 * Announcements in Chromium on a host page of another origin under a strict CSP: the unread badge on the
 * launcher button (visible, and in its accessible name), the News section of Help, an entry's detail (the
 * first opening posts one seen record, drops the count, keeps the entry), and announcement.seen at a
 * local webhook receiver exactly once. Its own server, for the loopback receiver.
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

it('the badge counts unread badge entries; opening one posts seen once, drops the count, keeps it listed; announcement.seen arrives once across reopening and a reload', async () => {
  const ws = await seedWorkspace(server.dataDir);
  const a = authorPart2(ws, server.url);
  await a.webhook(hooks.url, ['announcement.seen', 'contact.created']);
  const news = await a.announcement(
    'Dark mode',
    { title: 'Dark mode is here', body: 'Line one\nLine two', distribution: 'badge' },
    { targeting: onPages('/n/home') },
  );
  await a.announcement(
    'Changelog',
    { title: 'Quiet changelog', body: 'Nothing loud', distribution: 'silent' },
    { targeting: onPages('/n/home') },
  );
  const w = await experienceWatch(browser);
  const url = experiencePage(host, '/n/home', ws.websiteId, '<main><h1>News</h1></main>', {
    api: server.url,
  });
  await w.page.goto(url);
  const unread = w.page.getByRole('button', { name: 'Open support, 1 unread announcement', exact: true });
  await unread.waitFor({ timeout: 15_000 });
  const badge = w.page.locator('[data-widget-chrome="launcher"] >> .b');
  expect(await badge.textContent()).toBe('1');
  expect(await badge.isVisible()).toBe(true);
  const seen = () => w.sent.filter((s) => s.method === 'POST' && s.path.endsWith('/seen'));

  await unread.click();
  const panel = panelFrame(w.page);
  const list = panel.getByRole('region', { name: 'News' });
  const entry = list.getByRole('button', { name: 'Dark mode is here' });
  await entry.waitFor();
  expect(await list.getByRole('listitem').count()).toBe(2);
  const description = async () =>
    panel.locator(`#${await entry.getAttribute('aria-describedby')}`).textContent();
  expect(await description()).toContain('Unread');
  await entry.click();
  const detail = panel.getByRole('article', { name: 'Dark mode is here' });
  await detail.waitFor();
  expect(await detail.locator('.nb').innerText()).toBe('Line one\nLine two');
  await expect
    .poll(() => seen().map((s) => [s.path, s.body]))
    .toEqual([
      [
        `/widget/experiences/${news.id}/seen`,
        { url: `${host.url}/n/home`, version_id: news.live_version_id },
      ],
    ]);
  await expect.poll(() => badge.count()).toBe(0);
  await detail.getByRole('button', { name: 'Back to news' }).click();
  await expect.poll(() => entry.evaluate((e) => e.matches(':focus'))).toBe(true);
  expect(await description()).not.toContain('Unread');
  // The silent entry never counted, and is still unread.
  expect(await list.getByText('Unread').count()).toBe(1);
  expect(await list.getByRole('listitem').count()).toBe(2);
  // Opening it again: read already, nothing is posted.
  await entry.click();
  await detail.waitFor();
  await panel.getByRole('button', { name: 'Close support' }).click();
  await w.page.getByRole('button', { name: 'Open support', exact: true }).waitFor();
  expect(seen()).toHaveLength(1);

  // After a reload the server says read: no badge, the entry is still there (in Help: with nothing unread
  // the panel opens on Chat), opening it posts nothing.
  await w.page.reload();
  await w.page.getByRole('button', { name: 'Open support', exact: true }).click();
  await showHelp(panel);
  await entry.click();
  await detail.waitFor();
  await frames(w.page);
  expect(seen()).toHaveLength(1);
  expect(await badge.count()).toBe(0);

  await expect
    .poll(() => hooks.received.some((e) => e.type === 'announcement.seen'), { timeout: 30_000 })
    .toBe(true);
  const fence = await a.fence('fence-news@example.com');
  await expect
    .poll(() => fenced(hooks.received, fence), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(
    hooks.received.filter((e) => e.type === 'announcement.seen').map((e) => e.data.experience_id),
  ).toEqual([news.id]);
  await w.clean();
  await w.close();
});
