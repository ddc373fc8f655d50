import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClamdScanner } from '../../../runtime/clamd/clamd-scanner';
import { createDiskFileStore } from '../../../runtime/files/disk-file-store';
import { type ClamdPeer, EICAR_SIGNATURE, startClamdPeer } from '../../../runtime/testing/clamd-peer';
import { testWorkerDeps } from '../../../runtime/testing/worker-deps';
import { runWorkerOnce } from '../../../runtime/worker/loop';
import type { Attachment } from '../../../server-core/attachments/attachment';
import { ATTACHMENT_MAX_BYTES } from '../../../server-core/attachments/attachment-types';
import { SCAN_ATTACHMENT_JOB, SCAN_MAX_ATTEMPTS } from '../../../server-core/attachments/scan-attachment';
import { setFlag } from '../../../server-core/flags/flags';
import { MINUTE, SECOND } from '../../../server-core/lib/clock';
import { type RealtimeEnvelope, WIDGET_REALTIME_CHANNEL } from '../../../server-core/realtime/notify-widgets';
import {
  EICAR_PDF,
  insertVisitorConversation,
  PNG_1X1,
  SMALL_PDF,
} from '../../../server-core/testing/attachments';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { widgetDownloadUrl } from '../../attachments/download-links';
import { makeTestApp, signIn } from '../../testing/services';

interface UploadAnswer {
  data: {
    id: string;
    kind: string;
    body: string;
    attachment: {
      id: string;
      name: string;
      type: string;
      size: number;
      status: string;
      download_url: string | null;
    };
  };
}

let peer: ClamdPeer;
let silent: ClamdPeer;
let dir: string;
beforeAll(async () => {
  peer = await startClamdPeer();
  silent = await startClamdPeer({ mode: 'silent' });
  dir = await mkdtemp(join(tmpdir(), 'attachments-'));
});
afterAll(async () => {
  await peer.close();
  await silent.close();
  await rm(dir, { recursive: true, force: true });
});

describeDb(
  'conversation attachments (widgetUploadAttachment, widgetDownloadAttachment, downloadConversationAttachment)',
  (getDb) => {
    async function setup(opts: { clamd?: string | null; timeoutMs?: number } = {}) {
      const db = getDb();
      const root = await mkdtemp(join(dir, 'files-'));
      const store = createDiskFileStore(root);
      const clamd = opts.clamd === undefined ? peer.url : opts.clamd;
      const t = makeTestApp(db, clamd ? { CLAMD_URL: clamd, CLAMD_TIMEOUT: '0.3' } : {}, undefined, {
        files: store,
      });
      const ws = await makeWorkspace(db, t.clock.now());
      const boot = async () => {
        const res = await t.app.request(`/widget/boot?website_id=${ws.website_id}`);
        const body = (await res.json()) as {
          data: {
            visitor: { id: string; token: string };
            config: { attachments: { enabled: boolean; max_bytes: number; types: string[] } };
          };
        };
        return {
          id: body.data.visitor.id,
          token: body.data.visitor.token,
          attachments: body.data.config.attachments,
        };
      };
      const visitor = await boot();
      const conversationId = await insertVisitorConversation(
        db,
        ws.id,
        { visitorId: visitor.id },
        t.clock.now(),
      );
      const upload = (file: File | Blob | string, conversation = conversationId, token = visitor.token) => {
        const form = new FormData();
        if (typeof file === 'string') form.append('file', file);
        else form.append('file', file);
        return t.app.request(`/widget/conversations/${conversation}/attachments`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
      };
      const scanner = clamd ? createClamdScanner(t.services.config.clamd!, { timeoutMs: 300 }) : null;
      const worker = () =>
        runWorkerOnce({ ...testWorkerDeps(db, t.clock), attachments: { store, scanner } }, 'w-attachments');
      const row = async (id: string) =>
        (
          await db.query<Attachment>(
            'select * from conversation_attachments where workspace_id = $1 and id = $2',
            [ws.id, id],
          )
        )[0]!;
      return { db, t, ws, root, store, visitor, boot, conversationId, upload, worker, row };
    }

    it('a clean file: scanning, invisible to everyone, then clean and downloadable through its signed link and by staff', async () => {
      const { db, t, ws, visitor, upload, worker, row, conversationId } = await setup();
      expect(visitor.attachments).toEqual({
        enabled: true,
        max_bytes: ATTACHMENT_MAX_BYTES,
        types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
      });
      const heard: RealtimeEnvelope[] = [];
      const unlisten = await db.listen(WIDGET_REALTIME_CHANNEL, (p) => {
        const e = JSON.parse(p) as RealtimeEnvelope;
        if (e.w === ws.id) heard.push(e);
      });
      try {
        const res = await upload(new File([PNG_1X1], '../../Screen shot.png', { type: 'text/html' }));
        expect(res.status, await res.clone().text()).toBe(201);
        const { data } = (await res.json()) as UploadAnswer;
        expect(data).toMatchObject({ kind: 'attachment', body: 'Screen shot.png' });
        expect(data.attachment).toEqual({
          id: data.attachment.id,
          name: 'Screen shot.png',
          type: 'image/png',
          size: PNG_1X1.length,
          status: 'scanning',
          download_url: null,
        });
        const [message] = await db.query<{ kind: string; direction: string; conversation_id: string }>(
          'select kind, direction, conversation_id from conversation_messages where workspace_id = $1 and id = $2',
          [ws.id, data.id],
        );
        expect(message).toEqual({ kind: 'attachment', direction: 'in', conversation_id: conversationId });

        // While scanning, neither a signed link nor staff get the file.
        const early = await t.app.request(
          widgetDownloadUrl(t.services, data.attachment.id).replace(t.services.config.publicUrl, ''),
        );
        expect(early.status).toBe(404);
        const owner = await makeMember(db, ws.id, 'member', t.clock.now());
        const staff = await signIn(t, owner.email, TEST_PASSWORD);
        const staffPath = `/api/v1/workspaces/${ws.id}/attachments/${data.attachment.id}/download`;
        expect((await t.app.request(staffPath, { headers: staff.headers })).status).toBe(404);

        // The conversation lists it as scanning, for the visitor and for staff, without a link.
        const readWidget = async () => {
          const res = await t.app.request(`/widget/conversations/${conversationId}`, {
            headers: { Authorization: `Bearer ${visitor.token}` },
          });
          expect(res.status).toBe(200);
          const body = (await res.json()) as { data: { messages: UploadAnswer['data'][] } };
          return body.data.messages.find((m) => m.id === data.id)!.attachment;
        };
        const readStaff = async () => {
          const res = await t.app.request(`/api/v1/workspaces/${ws.id}/conversations/${conversationId}`, {
            headers: staff.headers,
          });
          expect(res.status).toBe(200);
          const body = (await res.json()) as { data: { messages: UploadAnswer['data'][] } };
          return body.data.messages.find((m) => m.id === data.id)!.attachment;
        };
        expect(await readWidget()).toMatchObject({ status: 'scanning', download_url: null });
        expect(await readStaff()).toMatchObject({ status: 'scanning', download_url: null });

        expect(await worker()).toBe(1);
        expect(await row(data.attachment.id)).toMatchObject({ status: 'clean', scan_detail: null });
        const listed = await readWidget();
        expect(listed.status).toBe('clean');
        expect(listed.download_url).toMatch(
          /\/widget\/attachments\/[0-9a-z]{26}\/download\?expires=\d+&signature=[\w-]{43}$/,
        );
        const viaList = await t.app.request(listed.download_url!.replace(t.services.config.publicUrl, ''));
        expect(viaList.status).toBe(200);
        expect(Buffer.from(await viaList.arrayBuffer())).toEqual(PNG_1X1);
        expect((await readStaff()).download_url).toBe(`${t.services.config.publicUrl}${staffPath}`);
        expect(peer.streams.at(-1)).toEqual(PNG_1X1);
        await new Promise((r) => setTimeout(r, 50));
        expect(heard).toContainEqual({
          w: ws.id,
          v: visitor.id,
          m: { type: 'conversation.updated', conversation_id: conversationId },
        });

        const link = widgetDownloadUrl(t.services, data.attachment.id);
        expect(
          link.startsWith(
            `${t.services.config.publicUrl}/widget/attachments/${data.attachment.id}/download?expires=`,
          ),
        ).toBe(true);
        const got = await t.app.request(link.replace(t.services.config.publicUrl, ''));
        expect(got.status).toBe(200);
        expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG_1X1);
        expect(got.headers.get('Content-Type')).toBe('image/png');
        expect(got.headers.get('Content-Disposition')).toBe(
          `inline; filename="Screen shot.png"; filename*=UTF-8''Screen%20shot.png`,
        );
        expect(got.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect(got.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
        expect(got.headers.get('Content-Security-Policy')).toContain('sandbox');
        expect(got.headers.get('Cache-Control')).toBe('private, no-store');

        // Staff: the session and conversations.manage; no session is 401, another workspace's member 404.
        const mine = await t.app.request(staffPath, { headers: staff.headers });
        expect(mine.status).toBe(200);
        expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG_1X1);
        expect((await t.app.request(staffPath)).status).toBe(401);
        const elsewhere = await makeWorkspace(db, t.clock.now(), 'Elsewhere');
        const stranger = await makeMember(db, elsewhere.id, 'owner', t.clock.now());
        const theirs = await signIn(t, stranger.email, TEST_PASSWORD);
        expect(
          (
            await t.app.request(
              `/api/v1/workspaces/${elsewhere.id}/attachments/${data.attachment.id}/download`,
              { headers: theirs.headers },
            )
          ).status,
        ).toBe(404);
        expect((await t.app.request(staffPath, { headers: theirs.headers })).status).toBe(403);

        // The link expires after 15 minutes; a tampered one never works.
        const tampered = link.replace(
          /signature=(.)/,
          (_m, ch: string) => `signature=${ch === 'A' ? 'B' : 'A'}`,
        );
        expect((await t.app.request(tampered.replace(t.services.config.publicUrl, ''))).status).toBe(403);
        const otherId = link.replace(data.attachment.id, conversationId);
        expect((await t.app.request(otherId.replace(t.services.config.publicUrl, ''))).status).toBe(403);
        t.clock.advance(16 * MINUTE);
        const late = await t.app.request(link.replace(t.services.config.publicUrl, ''));
        expect(late.status).toBe(403);
        expect(((await late.json()) as { error: { code: string } }).error.code).toBe('download_link_invalid');
      } finally {
        await unlisten();
      }
    });

    it('EICAR: blocked, the file deleted, never downloadable', async () => {
      const { t, ws, root, upload, worker, row, visitor, conversationId } = await setup();
      const res = await upload(new File([EICAR_PDF], 'invoice.pdf', { type: 'application/pdf' }));
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as UploadAnswer;
      expect(await readdir(join(root, ws.id))).toEqual([data.attachment.id]);
      await worker();
      expect(await row(data.attachment.id)).toMatchObject({
        status: 'blocked',
        scan_detail: `infected: ${EICAR_SIGNATURE}`,
        storage_key: null,
      });
      expect(await readdir(join(root, ws.id))).toEqual([]);
      const read = await t.app.request(`/widget/conversations/${conversationId}`, {
        headers: { Authorization: `Bearer ${visitor.token}` },
      });
      const listed = ((await read.json()) as { data: { messages: UploadAnswer['data'][] } }).data.messages;
      expect(listed.find((m) => m.id === data.id)!.attachment).toMatchObject({
        status: 'blocked',
        download_url: null,
      });
      // A correctly signed link changes nothing: blocked is not found.
      const link = widgetDownloadUrl(t.services, data.attachment.id);
      expect((await t.app.request(link.replace(t.services.config.publicUrl, ''))).status).toBe(404);
      const member = await makeMember(getDb(), ws.id, 'owner', t.clock.now());
      const staff = await signIn(t, member.email, TEST_PASSWORD);
      expect(
        (
          await t.app.request(`/api/v1/workspaces/${ws.id}/attachments/${data.attachment.id}/download`, {
            headers: staff.headers,
          })
        ).status,
      ).toBe(404);
      // Another scan of the same job changes nothing either.
      expect(await worker()).toBe(0);
    });

    it('a file gone from the store before its scan is blocked, never served', async () => {
      const { ws, store, upload, worker, row } = await setup();
      const res = await upload(new File([SMALL_PDF], 'gone.pdf'));
      const { data } = (await res.json()) as UploadAnswer;
      await store.delete(`${ws.id}/${data.attachment.id}`);
      expect(await worker()).toBe(1);
      expect(await row(data.attachment.id)).toMatchObject({
        status: 'blocked',
        scan_detail: 'the stored file is missing',
        storage_key: null,
      });
    });

    it('a scanner that is down or silent: retried with the job backoff, blocked as unscannable on the last attempt', async () => {
      for (const mode of ['down', 'silent'] as const) {
        const down = await startClamdPeer();
        const url = mode === 'down' ? down.url : silent.url;
        await down.close();
        const { t, ws, root, upload, worker, row, db } = await setup({ clamd: url });
        const res = await upload(new File([SMALL_PDF], 'report.pdf'));
        expect(res.status).toBe(201);
        const { data } = (await res.json()) as UploadAnswer;
        for (let attempt = 1; attempt < SCAN_MAX_ATTEMPTS; attempt++) {
          expect(await worker()).toBe(1);
          expect((await row(data.attachment.id)).status).toBe('scanning');
          t.clock.advance(10 * MINUTE);
        }
        expect(await worker()).toBe(1);
        const settled = await row(data.attachment.id);
        expect(settled.status).toBe('blocked');
        expect(settled.scan_detail).toMatch(
          mode === 'down'
            ? /^scanner unavailable: clamd unreachable/
            : /^scanner unavailable: clamd did not answer/,
        );
        expect(await readdir(join(root, ws.id))).toEqual([]);
        const [job] = await db.query<{ state: string; attempts: number }>(
          'select state, attempts from jobs where workspace_id = $1 and kind = $2',
          [ws.id, SCAN_ATTACHMENT_JOB],
        );
        expect(job).toEqual({ state: 'done', attempts: SCAN_MAX_ATTEMPTS });
      }
    });

    it('no scanner configured, or the flag off: boot says off and uploads are 503', async () => {
      const none = await setup({ clamd: null });
      expect(none.visitor.attachments.enabled).toBe(false);
      const res = await none.upload(new File([PNG_1X1], 'a.png'));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('attachments_unavailable');

      const off = await setup();
      await setFlag(off.db, off.ws.id, 'feature.messaging.attachments', false, off.t.clock.now());
      off.t.clock.advance(6 * SECOND); // past the flag cache's 5 s
      expect((await off.boot()).attachments.enabled).toBe(false);
      expect((await off.upload(new File([PNG_1X1], 'a.png'))).status).toBe(503);
    });

    it('refusals: the type by content (415), the size (413), another visitor’s conversation (404), not multipart, no file', async () => {
      const { t, ws, db, upload, boot } = await setup();
      const codeOf = async (res: Response) => [
        res.status,
        ((await res.json()) as { error: { code: string } }).error.code,
      ];
      expect(
        await codeOf(
          await upload(new File(['<html><script>alert(1)</script>'], 'x.pdf', { type: 'application/pdf' })),
        ),
      ).toEqual([415, 'unsupported_attachment_type']);
      expect(
        await codeOf(await upload(new File([PNG_1X1.subarray(0, 10)], 'cut.png', { type: 'image/png' }))),
      ).toEqual([415, 'unsupported_attachment_type']);
      // A PDF named .png is stored as what it is.
      const pdf = await upload(new File([SMALL_PDF], 'photo.png', { type: 'image/png' }));
      expect(pdf.status).toBe(201);
      expect(((await pdf.json()) as UploadAnswer).data.attachment).toMatchObject({
        type: 'application/pdf',
        name: 'photo.png.pdf',
      });
      const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
      big.set(SMALL_PDF);
      expect(await codeOf(await upload(new File([big], 'big.pdf')))).toEqual([413, 'payload_too_large']);
      // Another visitor's conversation does not exist for this one; nor does a made-up id.
      const other = await boot();
      const theirs = await insertVisitorConversation(db, ws.id, { visitorId: other.id }, t.clock.now());
      expect(await codeOf(await upload(new File([PNG_1X1], 'a.png'), theirs))).toEqual([404, 'not_found']);
      expect(await codeOf(await upload(new File([PNG_1X1], 'a.png'), '01jd0000000000000000000000'))).toEqual([
        404,
        'not_found',
      ]);
      expect(await codeOf(await upload('not a file'))).toEqual([422, 'validation_failed']);
      const asJson = await t.app.request(`/widget/conversations/${theirs}/attachments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${other.token}`, 'Content-Type': 'application/json' },
        body: '{"file":"x"}',
      });
      expect(await codeOf(asJson)).toEqual([415, 'unsupported_media_type']);
      expect((await upload(new File([PNG_1X1], 'a.png'), theirs, 'wvt_forged')).status).toBe(401);
      // A visitor of another workspace: the conversation does not exist for it.
      const elsewhere = await makeWorkspace(db, t.clock.now(), 'Elsewhere');
      const other2 = await t.app.request(`/widget/boot?website_id=${elsewhere.website_id}`);
      const stranger = ((await other2.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
      expect(await codeOf(await upload(new File([PNG_1X1], 'a.png'), theirs, stranger))).toEqual([
        404,
        'not_found',
      ]);
    });
  },
);
