import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClamdPeer, EICAR_SIGNATURE, startClamdPeer } from '../runtime/testing/clamd-peer';
import { EICAR_PDF, PNG_1X1 } from '../server-core/testing/attachments';
import { type ChildServer, demoCredentials, startChildServer } from './support/server';

/**
 * Attachments on a running server (`npm start`'s entry, its in-process worker) with a clamd-protocol peer
 * on loopback as CLAMD_URL: the upload is stored under DATA_DIR/files, scanned by the worker, and then
 * downloadable through the signed link of the conversation read, or blocked and gone.
 */
let peer: ClamdPeer;
let server: ChildServer;
let token: string;

interface Attachment {
  id: string;
  status: string;
  download_url: string | null;
}
interface Message {
  id: string;
  kind: string;
  attachment: Attachment | null;
}

beforeAll(async () => {
  peer = await startClamdPeer();
  server = await startChildServer({ CLAMD_URL: peer.url, CLAMD_TIMEOUT: '5' });
  const { websiteId } = demoCredentials(server.dataDir);
  const boot = (await (await fetch(`${server.url}/widget/boot?website_id=${websiteId}`)).json()) as {
    data: { visitor: { token: string }; config: { attachments: { enabled: boolean } } };
  };
  expect(boot.data.config.attachments.enabled).toBe(true);
  token = boot.data.visitor.token;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await peer?.close();
});

const auth = () => ({ Authorization: `Bearer ${token}` });

async function startConversation(): Promise<string> {
  const res = await fetch(`${server.url}/widget/conversations`, {
    method: 'POST',
    headers: { ...auth(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ body: 'Here is the file' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function upload(conversationId: string, file: File): Promise<Message> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${server.url}/widget/conversations/${conversationId}/attachments`, {
    method: 'POST',
    headers: auth(),
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: Message }).data;
}

/** The attachment as the conversation read shows it, once the worker has settled it. */
async function settled(conversationId: string, messageId: string): Promise<Attachment> {
  let found: Attachment | null = null;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${server.url}/widget/conversations/${conversationId}`, { headers: auth() });
        const messages = ((await res.json()) as { data: { messages: Message[] } }).data.messages;
        found = messages.find((m) => m.id === messageId)!.attachment;
        return found!.status;
      },
      { timeout: 20_000, interval: 200 },
    )
    .not.toBe('scanning');
  return found!;
}

it('a clean image: scanned by the worker, then downloadable through the signed link of the conversation', async () => {
  const conversationId = await startConversation();
  const message = await upload(conversationId, new File([PNG_1X1], 'pixel.png'));
  expect(message.attachment).toMatchObject({ status: 'scanning', download_url: null });
  const attachment = await settled(conversationId, message.id);
  expect(attachment.status).toBe('clean');
  expect(peer.streams.some((s) => s.equals(PNG_1X1))).toBe(true);
  const res = await fetch(attachment.download_url!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG_1X1);
});

it('EICAR: blocked, deleted from DATA_DIR/files, never downloadable', async () => {
  const conversationId = await startConversation();
  const message = await upload(conversationId, new File([EICAR_PDF], 'invoice.pdf'));
  const attachment = await settled(conversationId, message.id);
  expect(attachment).toMatchObject({ status: 'blocked', download_url: null });
  const files = join(server.dataDir, 'files');
  const stored = existsSync(files) ? readdirSync(files, { recursive: true }).map(String) : [];
  expect(stored.some((p) => p.endsWith(message.attachment!.id))).toBe(false);
  expect(server.output()).toContain(`infected: ${EICAR_SIGNATURE}`);
});
