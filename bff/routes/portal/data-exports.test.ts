import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createDiskFileStore } from '../../../runtime/files/disk-file-store';
import { testWorkerDeps } from '../../../runtime/testing/worker-deps';
import { runWorkerOnce } from '../../../runtime/worker/loop';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { appendMessage, createConversation } from '../../../server-core/conversations/write-conversations';
import { ingestContactEvents } from '../../../server-core/events/ingest-contact-events';
import { setFlag } from '../../../server-core/flags/flags';
import { runHousekeeping } from '../../../server-core/jobs/housekeeping';
import { DAY, MINUTE, SECOND } from '../../../server-core/lib/clock';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { insertExperience } from '../../../server-core/testing/experiences';
import { surveyDefinition } from '../../../server-core/testing/visible-experiences';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { dispatchEvents } from '../../../server-core/webhooks/dispatch-events';
import { apiWorkspace } from '../../testing/api';
import { signedInMember } from '../../testing/oauth';
import { makeTestApp, signIn } from '../../testing/services';

interface ExportJson {
  id: string;
  state: string;
  progress: { rows_done: number; rows_total: number | null };
  download_url: string | null;
}

/** A CSV of this service (RFC 4180, CRLF rows) back into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describeDb('portal: data exports and contact erasure', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const files = createDiskFileStore(mkdtempSync(join(tmpdir(), 'exports-test-')));
    const t = makeTestApp(db, {}, undefined, { files });
    const ws = await apiWorkspace(t, db);
    const owner = await signIn(t, ws.ownerEmail, ws.ownerPassword);
    const ctx = testCtx(db, ws.workspaceId, t.clock);
    const base = `/api/v1/workspaces/${ws.workspaceId}/data-exports`;
    const deps = { ...testWorkerDeps(db, t.clock), attachments: { store: files, scanner: null } };
    const create = (body: unknown, headers = owner.headers) =>
      t.app.request(base, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const get = async (id: string) =>
      (
        (await (await t.app.request(`${base}/${id}`, { headers: owner.headers })).json()) as {
          data: ExportJson;
        }
      ).data;
    /** Creates an export, runs the worker until it is built, and answers its record. */
    const built = async (body: unknown) => {
      const res = await create(body);
      expect(res.status, await res.clone().text()).toBe(202);
      const { data } = (await res.json()) as { data: ExportJson };
      expect(data.state).toBe('pending');
      while ((await runWorkerOnce(deps, 'test', { dispatch: false })) > 0);
      return get(data.id);
    };
    const download = (url: string, headers: Record<string, string> = owner.headers) =>
      t.app.request(new URL(url).pathname + new URL(url).search, { headers });
    return { db, t, ws, owner, ctx, base, files, create, get, built, download };
  };

  it('exports every contact with attributes, every conversation and ticket with messages, and everything about one contact, in NDJSON and CSV, complete', async () => {
    const { ctx, built, download } = await setup();
    const ids: string[] = [];
    // 2,100 contacts: more than two pages of the cursor.
    await ctx.db.query(
      `insert into contacts (workspace_id, id, email, email_normalized, name, attributes, last_seen_at, created_at, updated_at)
       select $1, lpad(to_hex(g), 26, '0'), 'c' || g || '@example.com', 'c' || g || '@example.com', 'Name "' || g || '", =cmd',
              jsonb_build_object('plan', 'pro', 'seats', g), now(), now(), now()
       from generate_series(1, 2100) g`,
      [ctx.workspaceId],
    );
    for (const r of await ctx.db.query<{ id: string }>('select id from contacts where workspace_id = $1', [
      ctx.workspaceId,
    ]))
      ids.push(r.id);
    const { contact: ada } = await upsertContact(ctx, {
      email: 'ada@example.com',
      name: 'Ada',
      attributes: { plan: 'team' },
    });
    const conv = await createConversation(ctx, { contactId: ada.id, channel: 'widget', subject: 'Hello' });
    await appendMessage(ctx, {
      conversationId: conv.id,
      direction: 'in',
      authorType: 'contact',
      body: 'Hi, "there",\nfriend',
    });
    await appendMessage(ctx, {
      conversationId: conv.id,
      direction: 'out',
      authorType: 'agent',
      body: 'Hello Ada',
    });
    const ticket = await createConversation(ctx, {
      contactId: ada.id,
      channel: 'portal',
      kind: 'ticket',
      subject: 'Refund',
    });
    await appendMessage(ctx, {
      conversationId: ticket.id,
      direction: 'note',
      authorType: 'agent',
      body: 'Refund it',
    });
    await ingestContactEvents(ctx, [{ name: 'signed_up', contact_id: ada.id, properties: { plan: 'team' } }]);

    // Every contact with its attributes, as NDJSON.
    const json = await built({ scope: 'contacts', format: 'json' });
    expect(json.state).toBe('ready');
    expect(json.progress).toEqual({ rows_done: 2101, rows_total: 2101 });
    const res = await download(json.download_url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/x-ndjson');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { record: string; id: string; data: Record<string, unknown> });
    expect(lines).toHaveLength(2101);
    expect(new Set(lines.map((l) => l.id))).toEqual(new Set([...ids, ada.id]));
    expect(lines.find((l) => l.id === ada.id)!.data).toMatchObject({
      email: 'ada@example.com',
      attributes: { plan: 'team' },
    });
    expect(lines.every((l) => l.record === 'contact' && !('workspace_id' in l.data))).toBe(true);

    // The same as CSV: one row a contact, formula-looking cells defused, quotes and commas kept.
    const csv = await built({ scope: 'contacts', format: 'csv' });
    const rows = parseCsv(await (await download(csv.download_url!)).text());
    expect(rows[0]).toEqual(['record', 'id', 'parent_id', 'created_at', 'data']);
    expect(rows).toHaveLength(2102);
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set([...ids, ada.id]));
    const c1 = rows.find((r) => r[1] === ids[0])!;
    expect(JSON.parse(c1[4]!).attributes).toMatchObject({ plan: 'pro' });

    // Conversations with messages; tickets with messages (NDJSON and CSV).
    const convs = await built({ scope: 'conversations', format: 'json' });
    const convLines = (await (await download(convs.download_url!)).text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(convLines.map((l) => [l.record, l.parent_id])).toEqual([
      ['conversation', ada.id],
      ['message', conv.id],
      ['message', conv.id],
    ]);
    expect(convLines[1].data.body).toBe('Hi, "there",\nfriend');
    const tickets = await built({ scope: 'tickets', format: 'csv' });
    const ticketRows = parseCsv(await (await download(tickets.download_url!)).text());
    expect(ticketRows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['ticket', ticket.id],
      ['message', expect.any(String)],
    ]);
    expect(JSON.parse(ticketRows[2]![4]!).body).toBe('Refund it');

    // Everything about one contact, events included.
    const one = await built({ scope: 'contact', format: 'json', contact_id: ada.id });
    const oneLines = (await (await download(one.download_url!)).text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(oneLines.map((l) => l.record).sort()).toEqual(
      ['contact', 'conversation', 'event', 'message', 'message', 'message', 'ticket'].sort(),
    );
    expect(oneLines.find((l) => l.record === 'event').data).toMatchObject({
      name: 'signed_up',
      properties: { plan: 'team' },
    });
  });

  it('the link works 15 minutes and only with a settings.manage session of the workspace; forged, foreign and expired links are refused; the file goes after 7 days', async () => {
    const { db, t, ws, built, download, base, owner, create, files } = await setup();
    await upsertContact(testCtx(db, ws.workspaceId, t.clock), { email: 'x@example.com' });
    const ready = await built({ scope: 'contacts', format: 'json' });
    const url = ready.download_url!;
    expect((await download(url, {})).status).toBe(401);
    const member = await signedInMember(t, db, ws.workspaceId, 'member');
    expect((await download(url, member.headers)).status).toBe(403);
    const stranger = await apiWorkspace(t, db);
    const strangerSession = await signIn(t, stranger.ownerEmail, stranger.ownerPassword);
    expect((await download(url, strangerSession.headers)).status).toBe(403);
    // The link of one export does not open another, nor with a changed signature or expiry.
    const other = await built({ scope: 'contacts', format: 'csv' });
    const otherUrl = url.replace(ready.id, other.id);
    expect((await (await download(otherUrl)).json()).error.code).toBe('download_link_invalid');
    const sig = new URL(url).searchParams.get('signature')!;
    const forged = url.replace(sig, `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await download(forged)).status).toBe(403);
    const exp = new URL(url).searchParams.get('expires')!;
    expect((await download(url.replace(`expires=${exp}`, `expires=${Number(exp) + 60}`))).status).toBe(403);
    for (const hostile of ['', '0', '-1', '1e9', '99999999999999999999', 'abc']) {
      const res = await download(url.replace(`expires=${exp}`, `expires=${encodeURIComponent(hostile)}`));
      expect(res.status, hostile).toBeGreaterThanOrEqual(400);
      expect(res.status, hostile).toBeLessThan(500);
    }
    expect((await download(url)).status).toBe(200);
    t.clock.advance(15 * MINUTE - 2 * SECOND);
    expect((await download(url)).status).toBe(200);
    t.clock.advance(3 * SECOND);
    expect((await (await download(url)).json()).error.code).toBe('download_link_invalid');
    // A fresh link from getDataExport works again.
    const again = (await (await t.app.request(`${base}/${ready.id}`, { headers: owner.headers })).json()) as {
      data: ExportJson;
    };
    expect((await download(again.data.download_url!)).status).toBe(200);

    // Housekeeping deletes the file 7 days after it was ready.
    t.clock.advance(7 * DAY);
    // The session of a week ago has expired: a new one.
    const again2 = await signIn(t, ws.ownerEmail, ws.ownerPassword);
    const removed = await runHousekeeping(db, t.clock.now(), files);
    expect(removed.data_exports).toBeGreaterThanOrEqual(2); // the earlier test's exports too (one database)
    const gone = (await (await t.app.request(`${base}/${ready.id}`, { headers: again2.headers })).json()) as {
      data: ExportJson;
    };
    expect(gone.data).toMatchObject({ state: 'expired', download_url: null });
    expect(await t.services.files!.get(`${ws.workspaceId}/${ready.id}`)).toBeNull();

    // Flag off: every export operation is the 404 of an unknown route.
    await setFlag(db, ws.workspaceId, 'feature.data_exports', false, t.clock.now());
    t.clock.advance(MINUTE);
    expect((await create({ scope: 'contacts', format: 'json' }, again2.headers)).status).toBe(404);
    expect((await t.app.request(base, { headers: again2.headers })).status).toBe(404);
    // Bad input.
    await setFlag(db, ws.workspaceId, 'feature.data_exports', true, t.clock.now());
    t.clock.advance(MINUTE);
    expect((await create({ scope: 'contact', format: 'json' }, again2.headers)).status).toBe(422);
    expect((await create({ scope: 'contacts', format: 'xml' }, again2.headers)).status).toBe(422);
    expect(
      (
        await create(
          { scope: 'contact', format: 'json', contact_id: '01m6bj43y0s8156vv67bd8bxme' },
          again2.headers,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await create(
          { scope: 'contacts', format: 'json' },
          (
            await signedInMember(t, db, ws.workspaceId, 'member')
          ).headers,
        )
      ).status,
    ).toBe(403);
  });

  it('eraseContact erases a contact and everything held about them: no row names them afterwards; audited with counts only', async () => {
    const { db, t, ws, owner, ctx, built } = await setup();
    const secret = {
      email: 'grace.hopper@example.com',
      name: 'Grace Hopper',
      phone: '+15550100777',
      externalId: 'ext-grace-777',
      attr: 'navy-admiral-777',
      body: 'my card ends 4242-777',
      prop: 'cobol-777',
    };
    // A webhook endpoint: the contact.created delivery body carries the external_id.
    await createWebhookEndpoint(
      ctx,
      { box: t.services.box, policy: { allowHosts: [] } },
      { url: 'https://hooks.example.com/in', events: ['contact.created'] },
    );
    const { contact } = await upsertContact(ctx, {
      email: secret.email,
      name: secret.name,
      phone: secret.phone,
      externalId: secret.externalId,
      attributes: { rank: secret.attr },
    });
    const { contact: keep } = await upsertContact(ctx, { email: 'keep@example.com', name: 'Keep' });
    const conv = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'widget',
      subject: secret.name,
    });
    await appendMessage(ctx, {
      conversationId: conv.id,
      direction: 'in',
      authorType: 'contact',
      body: secret.body,
    });
    const ticket = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'portal',
      kind: 'ticket',
    });
    await appendMessage(ctx, {
      conversationId: ticket.id,
      direction: 'note',
      authorType: 'agent',
      body: secret.body,
    });
    const kept = await createConversation(ctx, { contactId: keep.id, channel: 'widget', subject: 'Stays' });
    await ingestContactEvents(ctx, [
      { name: 'upgraded', contact_id: contact.id, properties: { to: secret.prop } },
    ]);
    const now = t.clock.now();
    await db.query(
      `insert into widget_visitors (workspace_id, id, token_hash, contact_id, identity_generation, identified_at,
         created_at, last_seen_at, expires_at) values ($1, 'visitorgrace0000000000000a', 'hash-grace', $2, 1, $3, $3, $3, $4)`,
      [ws.workspaceId, contact.id, now, new Date(now.getTime() + DAY)],
    );
    const exp = await insertExperience(db, ws.workspaceId, {
      type: 'survey',
      definition: surveyDefinition(),
      at: now,
    });
    await db.query(
      `insert into experience_sessions (workspace_id, id, experience_id, version_id, contact_id, state, started_at, updated_at)
       values ($1, 'sessiongrace00000000000000', $2, $3, $4, 'active', $5, $5)`,
      [ws.workspaceId, exp.id, exp.versionId, contact.id, now],
    );
    await db.query(
      `insert into experience_survey_answers (workspace_id, id, session_id, experience_id, version_id, question_id, kind,
         value, contact_id, answered_at) values ($1, 'answergrace000000000000000', 'sessiongrace00000000000000', $2, $3,
         'recommend', 'freetext', $4::jsonb, $5, $6)`,
      [ws.workspaceId, exp.id, exp.versionId, JSON.stringify(secret.body), contact.id, now],
    );
    await dispatchEvents(db, t.clock.now());
    const bodies = await db.query<{ body: string }>(
      'select body from webhook_deliveries where workspace_id = $1',
      [ws.workspaceId],
    );
    expect(bodies.some((b) => b.body.includes(secret.externalId))).toBe(true);
    const personal = await built({ scope: 'contact', format: 'json', contact_id: contact.id });
    expect(personal.state).toBe('ready');
    const fileKeyOf = `${ws.workspaceId}/${personal.id}`;
    expect(await t.services.files!.get(fileKeyOf)).not.toBeNull();

    const erase = (id: string, headers = owner.headers) =>
      t.app.request(`/api/v1/workspaces/${ws.workspaceId}/contacts/${id}/erase`, { method: 'POST', headers });
    const member = await signedInMember(t, db, ws.workspaceId, 'member');
    expect((await erase(contact.id, member.headers)).status).toBe(403);
    const stranger = await apiWorkspace(t, db);
    const strangerSession = await signIn(t, stranger.ownerEmail, stranger.ownerPassword);
    expect((await erase(contact.id, strangerSession.headers)).status).toBe(403);

    const res = await erase(contact.id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { data: Record<string, number> }).data).toMatchObject({
      events: 1,
      conversations: 2,
      experience_sessions: 1,
      survey_answers: 1,
      widget_visitors: 1,
      data_exports: 1,
      files: 1,
    });
    expect((await erase(contact.id)).status).toBe(404);
    expect(await t.services.files!.get(fileKeyOf)).toBeNull();

    // No row of any table holds the personal data; the id is left only in the audit entry of the erasure
    // and in the outbox events and webhook deliveries (ids only once the external_id is cleared).
    const tables = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const naming: string[] = [];
    for (const { table_name } of tables) {
      const rows = await db.query<{ row: string }>(`select t::text as row from "${table_name}" t`);
      for (const { row } of rows) {
        for (const value of Object.values(secret))
          if (row.includes(value)) naming.push(`${table_name}: ${value}`);
        if (row.includes(contact.id) && !['audit_log', 'outbox', 'webhook_deliveries'].includes(table_name))
          naming.push(`${table_name}: the contact id`);
      }
    }
    expect(naming).toEqual([]);
    const [audit] = await db.query<{ action: string; target_id: string; data: Record<string, unknown> }>(
      `select action, target_id, data from audit_log where workspace_id = $1 and action = 'contact.erased'`,
      [ws.workspaceId],
    );
    expect(audit).toMatchObject({
      action: 'contact.erased',
      target_id: contact.id,
      data: { conversations: 2 },
    });
    // The other contact and their conversation stay.
    const left = await db.query('select id from conversations where workspace_id = $1', [ws.workspaceId]);
    expect(left.map((r) => (r as { id: string }).id)).toEqual([kept.id]);
  });

  it('tenancy sweep: another workspace’s owner, on their own workspace path, reaches none of the victim’s exports or contacts', async () => {
    const { db, t, ws, ctx, built } = await setup();
    const { contact } = await upsertContact(ctx, { email: 'victim@example.com', name: 'Victim' });
    const victimExport = await built({ scope: 'contact', format: 'json', contact_id: contact.id });
    const attacker = await apiWorkspace(t, db);
    const session = await signIn(t, attacker.ownerEmail, attacker.ownerPassword);
    const base = `/api/v1/workspaces/${attacker.workspaceId}`;
    const query = new URL(victimExport.download_url!).search;
    const post = (path: string, body?: unknown) =>
      t.app.request(`${base}${path}`, {
        method: 'POST',
        headers: { ...session.headers, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const answers = {
      getDataExport: (
        await t.app.request(`${base}/data-exports/${victimExport.id}`, { headers: session.headers })
      ).status,
      downloadDataExport: (
        await t.app.request(`${base}/data-exports/${victimExport.id}/download${query}`, {
          headers: session.headers,
        })
      ).status,
      createDataExport: (
        await post('/data-exports', { scope: 'contact', format: 'json', contact_id: contact.id })
      ).status,
      eraseContact: (await post(`/contacts/${contact.id}/erase`)).status,
    };
    // The victim's link does not open under another workspace (it is bound to its workspace): 403, no lookup.
    expect(answers).toEqual({
      getDataExport: 404,
      downloadDataExport: 403,
      createDataExport: 404,
      eraseContact: 404,
    });
    const listed = await (await t.app.request(`${base}/data-exports`, { headers: session.headers })).text();
    expect(listed).not.toContain(victimExport.id);
    expect(
      await db.query('select id from contacts where workspace_id = $1 and id = $2', [
        ws.workspaceId,
        contact.id,
      ]),
    ).toHaveLength(1);
  });
});
