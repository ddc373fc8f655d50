import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp } from '../../bff/testing/services';
import { EICAR_PDF, SMALL_PDF } from '../../server-core/testing/attachments';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { createClamdScanner } from '../clamd/clamd-scanner';
import { createDiskFileStore } from '../files/disk-file-store';
import { type ClamdPeer, startClamdPeer } from '../testing/clamd-peer';
import { testWorkerDeps } from '../testing/worker-deps';
import { runWorkerOnce } from './loop';

const DOMAIN = 'in.example.test';
const SECRET = 'attachments-inbound-secret-0123456789abcdef';

describeDb('attachments of inbound mail go through the virus scan', (getDb) => {
  let peer: ClamdPeer;
  beforeAll(async () => {
    peer = await startClamdPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  it('a clean PDF becomes clean, an infected one is blocked and its file deleted', async () => {
    const db = getDb();
    const store = createDiskFileStore(mkdtempSync(join(tmpdir(), 'inbound-scan-')));
    const t = makeTestApp(
      db,
      { INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_MAIL_SECRET: SECRET, CLAMD_URL: peer.url },
      undefined,
      { files: store },
    );
    const ws = await makeWorkspace(db, t.clock.now());
    const [{ inbound_token }] = (await db.query<{ inbound_token: string }>(
      'select inbound_token from workspaces where id = $1',
      [ws.id],
    )) as [{ inbound_token: string }];
    const raw = await new MailComposer({
      from: 'ada@example.org',
      to: `${inbound_token}@${DOMAIN}`,
      subject: 'Two files',
      text: 'See attached.',
      attachments: [
        { filename: 'invoice.pdf', content: SMALL_PDF },
        { filename: 'bad.pdf', content: EICAR_PDF },
      ],
    })
      .compile()
      .build();
    const res = await t.app.request('/hooks/email/inbound', {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}` },
      body: new Uint8Array(raw),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { data: { attachments: number } }).data.attachments).toBe(2);

    const scanner = createClamdScanner(t.services.config.clamd!, { timeoutMs: 2000 });
    const deps = { ...testWorkerDeps(db, t.clock), attachments: { store, scanner } };
    while ((await runWorkerOnce(deps, 'w-inbound')) > 0) {}
    const rows = await db.query<{ name: string; status: string; storage_key: string | null }>(
      'select name, status, storage_key from conversation_attachments where workspace_id = $1 order by name',
      [ws.id],
    );
    expect(rows.map((r) => [r.name, r.status, r.storage_key === null])).toEqual([
      ['bad.pdf', 'blocked', true],
      ['invoice.pdf', 'clean', false],
    ]);
  });
});
