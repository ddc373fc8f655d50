import { expect, it } from 'vitest';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { OPENAPI_PATH } from '../../openapi/document';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';

interface Op {
  operationId: string;
  security?: Record<string, string[]>[];
}
interface PortalConversation {
  id: string;
  state: string;
  kind: string;
  reference: string | null;
  tags: string[];
  assignee_id: string | null;
  quarantined: boolean;
}

/** A request body each conversation operation accepts, so the sweep reaches the tenancy check. */
const BODIES: Record<string, unknown> = {
  replyToConversation: { body: 'secret reply' },
  addConversationNote: { body: 'secret note' },
  assignConversation: { assignee_id: null },
  tagConversation: { tag: 'sweep' },
  snoozeConversation: { until: '2030-01-07T09:00:00.000Z' },
  convertToTicket: { priority: 'high' },
  widgetSendMessage: { body: 'hijack' },
  widgetRateConversation: { score: 1 },
};

async function workspaceWithStaff(t: TestApp, role: 'owner' | 'admin' | 'member' = 'owner') {
  const db = t.services.db;
  const ws = await makeWorkspace(db);
  const user = await makeMember(db, ws.id, role);
  const s = await signIn(t, user.email, TEST_PASSWORD);
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = s.headers) =>
    t.app.request(
      path.startsWith('/') ? path : `/api/v1/workspaces/${ws.id}/${path}`,
      body === undefined ? { method, headers } : { method, ...json(body, headers) },
    );
  const token = async () => {
    const res = await t.app.request(`/widget/boot?website_id=${ws.website_id}`);
    return ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
  };
  return { ws, user, s, call, token };
}

describeDb('portal conversations (staff inbox)', (getDb) => {
  it('a member (conversations.manage) works the inbox: filters, assign, tags, snooze, tickets, release', async () => {
    const t = makeTestApp(getDb());
    const { ws, user, call, token } = await workspaceWithStaff(t, 'member');
    const visitor = await token();
    const start = async (body: string) => {
      const res = await t.app.request('/widget/conversations', {
        method: 'POST',
        ...json({ body }, { Authorization: `Bearer ${visitor}` }),
      });
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const data = async <T>(res: Response | Promise<Response>, status = 200) => {
      const r = await res;
      expect(r.status, await r.clone().text()).toBe(status);
      return ((await r.json()) as { data: T }).data;
    };
    const a = await start('first');
    const spam = await start('buy http://a.test http://b.test http://c.test');
    const list = (q = '') => data<PortalConversation[]>(call('GET', `conversations${q}`));
    expect((await list()).map((c) => c.id)).toEqual([a]);
    expect((await list('?quarantined=true')).map((c) => c.id)).toEqual([spam]);

    expect(
      (await data<PortalConversation>(call('PUT', `conversations/${a}/assignee`, { assignee_id: user.id })))
        .assignee_id,
    ).toBe(user.id);
    const outsider = await makeMember(getDb(), (await makeWorkspace(getDb())).id, 'owner');
    expect((await call('PUT', `conversations/${a}/assignee`, { assignee_id: outsider.id })).status).toBe(422);
    expect(
      (await data<PortalConversation>(call('POST', `conversations/${a}/tags`, { tag: 'Billing' }))).tags,
    ).toEqual(['billing']);
    expect(
      (await list(`?assignee_id=${user.id}&tag=billing&state=open&kind=conversation`)).map((c) => c.id),
    ).toEqual([a]);
    expect(await list('?assignee_id=none')).toEqual([]);
    expect((await data<PortalConversation>(call('DELETE', `conversations/${a}/tags/billing`))).tags).toEqual(
      [],
    );

    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect((await data<PortalConversation>(call('POST', `conversations/${a}/snooze`, { until }))).state).toBe(
      'snoozed',
    );
    expect((await call('POST', `conversations/${a}/snooze`, { until: '2020-01-01T00:00:00Z' })).status).toBe(
      422,
    );
    expect((await data<PortalConversation>(call('POST', `conversations/${a}/reopen`))).state).toBe('open');

    const ticket = await data<PortalConversation>(
      call('POST', `conversations/${a}/ticket`, { priority: 'high' }),
    );
    expect(ticket).toMatchObject({ kind: 'ticket', reference: 'T-1001' });
    expect((await call('POST', `conversations/${a}/ticket`, { priority: 'extreme' })).status).toBe(422);
    const contact = (await upsertContact(testCtx(getDb(), ws.id), { email: 'grace@example.test' })).contact;
    const opened = await data<PortalConversation>(
      call('POST', 'tickets', { contact_id: contact.id, subject: 'SSO', priority: 'urgent', body: 'On it' }),
      201,
    );
    expect(opened).toMatchObject({ kind: 'ticket', reference: 'T-1002' });
    expect((await list('?kind=ticket')).map((c) => c.id).sort()).toEqual([a, opened.id].sort());

    expect((await data<PortalConversation>(call('POST', `conversations/${spam}/release`))).quarantined).toBe(
      false,
    );
    expect((await list()).map((c) => c.id)).toContain(spam);

    // The member may not change the SLA targets (settings.manage); an admin may.
    expect((await call('GET', 'settings/sla')).status).toBe(403);
    const events = await getDb().query<{ type: string }>(
      'select type from outbox where workspace_id = $1 order by id',
      [ws.id],
    );
    expect(events.map((e) => e.type)).toEqual([
      'conversation.created',
      'conversation.message_received',
      'conversation.quarantined',
      'conversation.tagged',
      'conversation.tagged',
      'ticket.opened',
      'contact.created',
      'conversation.created',
      'ticket.opened',
      'conversation.released',
      'conversation.created',
    ]);
  });

  it('the list previews each conversation’s latest message, internal notes left out, long bodies cut', async () => {
    const t = makeTestApp(getDb());
    const { call, token } = await workspaceWithStaff(t, 'member');
    const visitor = await token();
    const res = await t.app.request('/widget/conversations', {
      method: 'POST',
      ...json({ body: 'Where are\n\n my invoices?' }, { Authorization: `Bearer ${visitor}` }),
    });
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    type Listed = PortalConversation & {
      last_message: { direction: string; kind: string; excerpt: string; created_at: string } | null;
    };
    const latest = async () => {
      const r = await call('GET', 'conversations');
      expect(r.status).toBe(200);
      const rows = ((await r.json()) as { data: Listed[] }).data;
      return rows.find((c) => c.id === id)!.last_message;
    };
    expect(await latest()).toMatchObject({
      direction: 'in',
      kind: 'text',
      excerpt: 'Where are my invoices?',
    });

    const long = `Billing, then Invoices, then Export. ${'More words follow here. '.repeat(20)}`;
    expect((await call('POST', `conversations/${id}/replies`, { body: long })).status).toBe(201);
    expect((await call('POST', `conversations/${id}/notes`, { body: 'internal: VIP customer' })).status).toBe(
      201,
    );
    const preview = (await latest())!;
    expect(preview.direction).toBe('out');
    expect(preview.excerpt.startsWith('Billing, then Invoices, then Export.')).toBe(true);
    expect(preview.excerpt.endsWith('…')).toBe(true);
    expect(Array.from(preview.excerpt).length).toBeLessThanOrEqual(140);
    expect(JSON.stringify(await latest())).not.toContain('VIP');
    // The read of one conversation keeps its shape: no preview there.
    const one = await call('GET', `conversations/${id}`);
    expect(Object.keys(((await one.json()) as { data: object }).data)).not.toContain('last_message');
  });

  it('SLA targets: settings.manage reads and replaces them', async () => {
    const t = makeTestApp(getDb());
    const { call } = await workspaceWithStaff(t, 'admin');
    const targets = [{ priority: 'urgent', first_response_minutes: 15, resolution_minutes: 240 }];
    const put = await call('PUT', 'settings/sla', { targets });
    expect(put.status).toBe(200);
    const got = (await (await call('GET', 'settings/sla')).json()) as { data: unknown[] };
    expect(got.data).toHaveLength(4);
    expect(got.data[3]).toEqual(targets[0]);
    expect(
      (await call('PUT', 'settings/sla', { targets: [{ ...targets[0], priority: 'extreme' }] })).status,
    ).toBe(422);
    expect(
      (await call('PUT', 'settings/sla', { targets: [{ ...targets[0], first_response_minutes: 0 }] })).status,
    ).toBe(422);
  });

  it('CSRF and sign-in are required; a workspace the user is not a member of is refused', async () => {
    const t = makeTestApp(getDb());
    const { s, call } = await workspaceWithStaff(t);
    const other = await makeWorkspace(getDb());
    expect((await call('GET', 'conversations', undefined, {})).status).toBe(401);
    expect(
      (
        await call(
          'POST',
          'tickets',
          { contact_id: 'x', subject: 's', priority: 'low', body: 'b' },
          { Cookie: s.cookie },
        )
      ).status,
    ).toBe(403);
    const foreign = await call('GET', `/api/v1/workspaces/${other.id}/conversations`);
    expect([403, 404]).toContain(foreign.status);
  });

  it('tenancy sweep: every conversation operation (portal and widget) refuses another workspace’s ids', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const victim = await workspaceWithStaff(t);
    const attacker = await workspaceWithStaff(t);
    const victimToken = await victim.token();
    const started = await t.app.request('/widget/conversations', {
      method: 'POST',
      ...json({ body: 'secret message' }, { Authorization: `Bearer ${victimToken}` }),
    });
    const conversationId = ((await started.json()) as { data: { id: string } }).data.id;
    await victim.call('POST', `conversations/${conversationId}/notes`, { body: 'secret note' });
    await victim.call('POST', `conversations/${conversationId}/tags`, { tag: 'victim' });
    await victim.call('PUT', 'settings/sla', {
      targets: [{ priority: 'high', first_response_minutes: 60, resolution_minutes: null }],
    });
    const contact = (await upsertContact(testCtx(db, victim.ws.id), { email: 'victim@example.test' }))
      .contact;
    const snapshot = async () =>
      JSON.stringify([
        await db.query('select * from conversations where workspace_id = $1 order by id', [victim.ws.id]),
        await db.query('select id, body from conversation_messages where workspace_id = $1 order by id', [
          victim.ws.id,
        ]),
        await db.query('select * from sla_targets where workspace_id = $1', [victim.ws.id]),
      ]);
    const before = await snapshot();
    const attackerToken = await attacker.token();

    const doc = (await (await t.app.request(OPENAPI_PATH)).json()) as {
      paths: Record<string, Record<string, Op>>;
    };
    const ours = (path: string) =>
      /\/(conversations|tickets|settings\/sla)(\/|$)/.test(path) && !path.startsWith('/api/v1/conversations');
    const swept: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!ours(path)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (op.operationId.includes('Attachment')) continue; // the files branch's, swept there
        const widget = op.security?.some((s) => 'visitorToken' in s) ?? false;
        const url = path
          .replace('{workspaceId}', attacker.ws.id)
          .replace('{conversationId}', conversationId)
          .replace('{tag}', 'victim');
        const body =
          op.operationId === 'openTicket'
            ? { contact_id: contact.id, subject: 's', priority: 'low', body: 'b' }
            : op.operationId === 'widgetStartConversation'
              ? { body: 'mine' }
              : op.operationId === 'putSlaTargets'
                ? { targets: [] }
                : BODIES[op.operationId];
        const headers = widget ? { Authorization: `Bearer ${attackerToken}` } : attacker.s.headers;
        const res = await t.app.request(
          url,
          body === undefined
            ? { method: method.toUpperCase(), headers }
            : { method: method.toUpperCase(), ...json(body, headers) },
        );
        const text = await res.text();
        for (const leaked of ['secret', conversationId, 'victim']) {
          expect(text, `${op.operationId} leaked ${leaked}`).not.toContain(leaked);
        }
        if (path.includes('{conversationId}') || op.operationId === 'openTicket') {
          expect(res.status, `${op.operationId} ${method} ${url}`).toBe(404);
        } else {
          expect(res.status, `${op.operationId} ${method} ${url}: ${text}`).toBeLessThan(300);
        }
        // The victim's own workspace path with the attacker's session: not a member.
        if (!widget) {
          const direct = await t.app.request(url.replace(attacker.ws.id, victim.ws.id), {
            method: method.toUpperCase(),
            ...(body === undefined ? { headers } : json(body, headers)),
          });
          expect(direct.status, `${op.operationId} on the victim's workspace`).toBeGreaterThanOrEqual(403);
          expect(await direct.text()).not.toContain('secret');
        }
        swept.push(op.operationId);
      }
    }
    expect(swept.length).toBeGreaterThanOrEqual(21);
    expect(await snapshot()).toBe(before);
  });
});
