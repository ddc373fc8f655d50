import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, FrameLocator, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClamdPeer, startClamdPeer } from '../runtime/testing/clamd-peer';
import { EICAR_PDF, PNG_1X1, SMALL_PDF } from '../server-core/testing/attachments';
import { launchChromium } from './support/browser';
import {
  chatPage,
  messages,
  openChat,
  recordViolations,
  staff,
  startConversation,
  violations,
} from './support/chat';
import { type HostServer, startHostServer } from './support/host-server';
import { type ChildServer, ROOT, startChildServer } from './support/server';
import { seedWorkspace, waitForLauncher, watchedPage } from './support/widget';

/**
 * Files in the Chat tab against a server of its own whose CLAMD_URL is the clamd-protocol test peer
 * (runtime/testing/clamd-peer.ts: it flags the EICAR string; `silent` never answers, a scanner that is down
 * for the service). The host page runs the strict CSP; img-src names the service, as a host's must for
 * previews.
 */
let browser: Browser;
let host: HostServer;
let server: ChildServer;
let peer: ClamdPeer;
const SHOTS = process.env.SCREENS_DIR ?? join(ROOT, '.tmp', 'screens');

beforeAll(async () => {
  peer = await startClamdPeer();
  [browser, host, server] = await Promise.all([
    launchChromium(),
    startHostServer(),
    // A silent scanner fails an attempt after 2 s (instead of 30).
    startChildServer({ CLAMD_URL: peer.url, CLAMD_TIMEOUT: '2' }),
  ]);
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.stop();
  await peer?.close();
});

/** A solid-colour RGB PNG of this size (a preview a person can see in the screenshots). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill([r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A visitor in a conversation of a fresh workspace on this server, and staff of that workspace. */
async function inConversation(path: string, first: string) {
  const ws = await seedWorkspace(server.dataDir);
  const team = await staff(ws, server.url);
  const w = await watchedPage(browser);
  await recordViolations(w.page);
  await w.page.goto(chatPage(host, path, ws.websiteId, { api: server.url }));
  await waitForLauncher(w.page);
  const { frame } = await openChat(w.page);
  await startConversation(frame, first);
  const conversation = await team.only();
  return { ws, team, w, frame, conversation };
}

/** "Attach a file", then the file chooser gets the file. */
async function attach(
  page: Page,
  frame: FrameLocator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await frame.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles(file);
}

type Detail = {
  data: { messages: { attachment: { id: string; status: string; download_url: string | null } | null }[] };
};

/** Staff's view of the conversation's attachments (getPortalConversation). */
const staffFiles = async (team: Awaited<ReturnType<typeof staff>>, wsId: string, id: string) =>
  (await team.portal<Detail>('GET', `/workspaces/${wsId}/conversations/${id}`)).data.messages.flatMap((m) =>
    m.attachment ? [m.attachment] : [],
  );

it('a clean image shows as a preview and a clean PDF as a download link, both served from signed links', async () => {
  const { ws, team, w, frame, conversation } = await inConversation('/files/clean', 'Here are my files.');
  const photo = png(160, 100, [46, 125, 200]);
  await attach(w.page, frame, { name: 'photo.png', mimeType: 'image/png', buffer: photo });
  const image = messages(frame).getByRole('img', { name: 'photo.png' });
  await image.waitFor();
  // Loaded cross-origin under the page's img-src.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(160);
  const uploads = w.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/attachments'));
  expect(uploads.map((r) => r.status)).toEqual([201]);

  await attach(w.page, frame, { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
  const link = messages(frame).getByRole('link', { name: 'invoice.pdf' });
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/signature=/);
  const res = await fetch(href);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  expect(Buffer.from(await res.arrayBuffer()).equals(SMALL_PDF)).toBe(true);
  expect((await staffFiles(team, ws.workspaceId, conversation.id)).map((f) => f.status)).toEqual([
    'clean',
    'clean',
  ]);
  await w.page.screenshot({ path: join(SHOTS, 'chat-light-files.png') });
  expect(await violations(w.page)).toEqual([]);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('an EICAR file is blocked: "File blocked", no link for the visitor, nothing for staff to download', async () => {
  const { ws, team, w, frame, conversation } = await inConversation(
    '/files/eicar',
    'Is this file all right?',
  );
  await attach(w.page, frame, { name: 'eicar.pdf', mimeType: 'application/pdf', buffer: EICAR_PDF });
  await messages(frame).getByText('File blocked', { exact: true }).waitFor();
  expect(await messages(frame).getByText('eicar.pdf', { exact: true }).count()).toBe(1);
  expect(await messages(frame).getByRole('link').count()).toBe(0);
  await w.page.screenshot({ path: join(SHOTS, 'chat-light-blocked.png') });
  const [file] = await staffFiles(team, ws.workspaceId, conversation.id);
  expect(file).toMatchObject({ status: 'blocked', download_url: null });
  await expect(
    team.portal('GET', `/workspaces/${ws.workspaceId}/attachments/${file!.id}/download`),
  ).rejects.toThrow(/: 404 /);
  // The widget's download route without a valid signature gives nothing either.
  const forged = await fetch(
    `${server.url}/widget/attachments/${file!.id}/download?expires=${Date.now() + 60_000}&signature=${'0'.repeat(64)}`,
  );
  expect([403, 404]).toContain(forged.status);
  expect(await violations(w.page)).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('with the scanner down the file stays "Checking the file for viruses", unseen by staff, until the scanner is back', async () => {
  const { ws, team, w, frame, conversation } = await inConversation('/files/down', 'A photo of the damage.');
  peer.mode = 'silent';
  try {
    await attach(w.page, frame, { name: 'damage.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await messages(frame).getByText('Checking the file for viruses', { exact: true }).waitFor();
    // The first attempt fails (2 s without an answer: the scanner gives up on the connection); the file is
    // still not shown to anyone.
    await expect.poll(() => peer.streams.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => peer.abandoned, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await messages(frame).getByRole('img').count()).toBe(0);
    expect(await staffFiles(team, ws.workspaceId, conversation.id)).toEqual([
      expect.objectContaining({ status: 'scanning', download_url: null }),
    ]);
    await w.page.screenshot({ path: join(SHOTS, 'chat-light-scanning.png') });
  } finally {
    peer.mode = 'scan';
  }
  // The job's retry (30 s after the failed attempt) scans it: the preview arrives live.
  await messages(frame).getByRole('img', { name: 'damage.png' }).waitFor({ timeout: 60_000 });
  expect(await messages(frame).getByText('Checking the file for viruses').count()).toBe(0);
  expect(w.errors).toEqual([]);
  await w.close();
}, 120_000);
