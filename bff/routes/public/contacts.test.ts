import { expect, it } from 'vitest';
import { setFlag } from '../../../server-core/flags/flags';
import { newId } from '../../../server-core/lib/ulid';
import { describeDb } from '../../../server-core/testing/db';
import { apiWorkspace } from '../../testing/api';
import { makeTestApp } from '../../testing/services';

type Body = {
  data: Record<string, unknown> & { id: string };
  error?: { code: string; details: Record<string, unknown> };
};
const read = async (res: Response) => (await res.json()) as Body;

describeDb('public API: contacts and events', (getDb) => {
  const setup = async () => {
    const t = makeTestApp(getDb());
    return { t, ws: await apiWorkspace(t, getDb()) };
  };

  it('upsert: 201 on create, 200 on update by case-insensitive email, blank never overwrites', async () => {
    const { ws } = await setup();
    const created = await ws.call('/api/v1/contacts', {
      body: { email: 'Grace@Example.com', name: 'Grace', attributes: { plan: 'pro', seats: 3 } },
    });
    expect(created.status).toBe(201);
    const c = (await read(created)).data;
    expect(c).toMatchObject({
      email: 'Grace@Example.com',
      name: 'Grace',
      verified: false,
      unsubscribed: false,
      attributes: { plan: 'pro', seats: 3 },
    });
    expect(Object.keys(c).sort()).toEqual([
      'attributes',
      'created_at',
      'email',
      'external_id',
      'id',
      'last_seen_at',
      'name',
      'phone',
      'unsubscribed',
      'verified',
    ]);
    const updated = await ws.call('/api/v1/contacts', {
      body: { email: 'grace@example.com', name: '', phone: '+1 555', attributes: { plan: null } },
    });
    expect(updated.status).toBe(200);
    expect((await read(updated)).data).toMatchObject({
      id: c.id,
      name: 'Grace',
      phone: '+1 555',
      attributes: { plan: 'pro', seats: 3 },
    });
  });

  it('upsert refuses bad input with 422 and 31 attributes; concurrent upserts create one contact', async () => {
    const { ws } = await setup();
    for (const body of [
      { name: 'no email' },
      { email: 'not-an-email' },
      {
        email: 'a@example.com',
        attributes: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])),
      },
      { email: 'a@example.com', attributes: { nested: { x: 1 } } },
      { email: 'a@example.com', name: 'x'.repeat(201) },
    ]) {
      expect((await ws.call('/api/v1/contacts', { body })).status, JSON.stringify(body).slice(0, 80)).toBe(
        422,
      );
    }
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => ws.call('/api/v1/contacts', { body: { email: 'same@example.com' } })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
  });

  it("the plan's ceiling is a 422 contact_limit_reached", async () => {
    const { ws } = await setup();
    await ws.ctx.db.query('update workspaces set contact_limit = 1 where id = $1', [ws.workspaceId]);
    expect((await ws.call('/api/v1/contacts', { body: { email: 'one@example.com' } })).status).toBe(201);
    const res = await ws.call('/api/v1/contacts', { body: { email: 'two@example.com' } });
    expect(res.status).toBe(422);
    expect((await read(res)).error!.code).toBe('contact_limit_reached');
  });

  it('an idempotent upsert replays the first answer (201), not a second write (200)', async () => {
    const { ws } = await setup();
    const a = await ws.call('/api/v1/contacts', {
      body: { email: 'idem@example.com' },
      headers: { 'Idempotency-Key': 'u1' },
    });
    const b = await ws.call('/api/v1/contacts', {
      body: { email: 'idem@example.com' },
      headers: { 'Idempotency-Key': 'u1' },
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('get, update (omitted fields alone, email refused), list with filters and paging', async () => {
    const { t, ws } = await setup();
    const first = (
      await read(
        await ws.call('/api/v1/contacts', { body: { email: 'f@example.com', name: 'F', phone: '1' } }),
      )
    ).data;
    t.clock.advance(60_000);
    const second = (await read(await ws.call('/api/v1/contacts', { body: { email: 's@example.com' } }))).data;
    expect((await read(await ws.call(`/api/v1/contacts/${first.id.toUpperCase()}`))).data.id).toBe(first.id);
    expect((await ws.call(`/api/v1/contacts/${newId()}`)).status).toBe(404);
    expect((await ws.call('/api/v1/contacts/not-a-ulid')).status).toBe(404);

    const patched = await ws.call(`/api/v1/contacts/${first.id}`, {
      method: 'PATCH',
      body: { phone: null, attributes: { tier: 'gold' } },
    });
    expect((await read(patched)).data).toMatchObject({
      name: 'F',
      phone: null,
      attributes: { tier: 'gold' },
    });
    const emailChange = await ws.call(`/api/v1/contacts/${first.id}`, {
      method: 'PATCH',
      body: { email: 'new@example.com' },
    });
    expect(emailChange.status).toBe(422);
    expect((await read(emailChange)).error!.code).toBe('email_immutable');
    expect(
      (await ws.call(`/api/v1/contacts/${first.id}`, { method: 'PATCH', body: { bogus: 1 } })).status,
    ).toBe(422);

    const list = (await (await ws.call('/api/v1/contacts?limit=1')).json()) as {
      meta: { next_cursor: string };
      data: { id: string }[];
    };
    expect(Object.keys(list)).toEqual(['meta', 'data']);
    expect(list.data.map((c) => c.id)).toEqual([second.id]);
    const next = (await (
      await ws.call(`/api/v1/contacts?limit=1&cursor=${list.meta.next_cursor}`)
    ).json()) as { data: { id: string }[] };
    expect(next.data.map((c) => c.id)).toEqual([first.id]);
    const byEmail = (await (await ws.call('/api/v1/contacts?email=F@EXAMPLE.COM')).json()) as {
      data: { id: string }[];
    };
    expect(byEmail.data.map((c) => c.id)).toEqual([first.id]);
    const since = encodeURIComponent(new Date(t.clock.now().getTime() - 1000).toISOString());
    const recent = (await (await ws.call(`/api/v1/contacts?updated_since=${since}`)).json()) as {
      data: { id: string }[];
    };
    expect(recent.data.map((c) => c.id)).toEqual([second.id]);
    for (const q of ['limit=0', 'limit=101', 'limit=abc']) {
      const res = await ws.call(`/api/v1/contacts?${q}`);
      expect(res.status).toBe(422);
      expect((await read(res)).error!.code).toBe('invalid_limit');
    }
    expect((await read(await ws.call('/api/v1/contacts?cursor=Zm9v'))).error!.code).toBe('invalid_cursor');
  });

  it('abilities: reads need contacts:read, writes contacts:write; events:write comes with contacts:write', async () => {
    const { ws } = await setup();
    const readOnly = await ws.keyWith('contacts:read');
    const res = await ws.call('/api/v1/contacts', { body: { email: 'x@example.com' }, key: readOnly });
    expect(res.status).toBe(403);
    expect((await read(res)).error!.code).toBe('missing_ability');
    expect((await ws.call('/api/v1/contacts', { key: readOnly })).status).toBe(200);
    const writer = await ws.keyWith('contacts:write');
    const c = (
      await read(await ws.call('/api/v1/contacts', { body: { email: 'w@example.com' }, key: writer }))
    ).data;
    const events = await ws.call('/api/v1/events', {
      body: { events: [{ name: 'signed_up', contact_id: c.id }] },
      key: writer,
    });
    expect(events.status).toBe(200);
    expect(
      (
        await ws.call('/api/v1/events', {
          body: { events: [{ name: 'x', contact_id: c.id }] },
          key: readOnly,
        })
      ).status,
    ).toBe(403);
  });

  it('events: a malformed batch is a 422 with index and rule and writes nothing; unknown contacts are rejected', async () => {
    const { ws } = await setup();
    const c = (
      await read(
        await ws.call('/api/v1/contacts', { body: { email: 'e@example.com', external_id: 'ext-1' } }),
      )
    ).data;
    const bad = await ws.call('/api/v1/events', {
      body: {
        events: [
          { name: 'ok', contact_id: c.id },
          { name: 'service.x', contact_id: c.id },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect((await read(bad)).error).toMatchObject({
      code: 'invalid_event_batch',
      details: { index: 1, rule: 'reserved_prefix' },
    });
    const tooMany = await ws.call('/api/v1/events', {
      body: { events: Array.from({ length: 101 }, () => ({ name: 'a', contact_id: c.id })) },
    });
    expect(tooMany.status).toBe(422);
    expect(
      (
        await ws.call('/api/v1/events', {
          body: { events: [{ name: 'a', contact_id: c.id, properties: { deep: { x: 1 } } }] },
        })
      ).status,
    ).toBe(422);
    const [{ n: none }] = (await ws.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from contact_events where workspace_id = $1',
      [ws.workspaceId],
    )) as [{ n: number }];
    expect(none).toBe(0);

    const ok = await ws.call('/api/v1/events', {
      body: {
        events: [
          { name: 'a', external_id: 'ext-1' },
          { name: 'b', email: 'ghost@example.com' },
          { name: 'c', email: 'E@example.com', properties: { n: 1 } },
        ],
      },
    });
    expect(await ok.json()).toEqual({
      data: {
        accepted: 2,
        rejected: [{ index: 1, code: 'contact_not_found', message: 'No contact with this email.' }],
      },
    });
  });

  it("listContactEvents: a contact's events newest first, paged and filtered; contacts:read; 404 elsewhere", async () => {
    const { t, ws } = await setup();
    const c = (await read(await ws.call('/api/v1/contacts', { body: { email: 'ev@example.com' } }))).data;
    const other = (await read(await ws.call('/api/v1/contacts', { body: { email: 'o@example.com' } }))).data;
    const at = (minutesAgo: number) => new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString();
    const ingest = await ws.call('/api/v1/events', {
      body: {
        events: [
          { name: 'signed_up', contact_id: c.id, occurred_at: at(30), properties: { plan: 'pro' } },
          { name: 'paid', contact_id: c.id, occurred_at: at(10), properties: { amount: 12.5, trial: false } },
          { name: 'paid', contact_id: c.id, occurred_at: at(20) },
          { name: 'elsewhere', contact_id: other.id },
        ],
      },
    });
    expect(ingest.status).toBe(200);
    type Page = { meta: { next_cursor: string | null }; data: Record<string, unknown>[] };
    const list = async (query = '', key?: string) => {
      const res = await ws.call(`/api/v1/contacts/${c.id}/events${query}`, { key });
      expect(res.status, query).toBe(200);
      return (await res.json()) as Page;
    };

    const all = await list();
    expect(Object.keys(all)).toEqual(['meta', 'data']);
    expect(all.meta.next_cursor).toBeNull();
    expect(all.data.map((e) => [e.name, e.occurred_at])).toEqual([
      ['paid', at(10)],
      ['paid', at(20)],
      ['signed_up', at(30)],
    ]);
    expect(all.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{26}$/),
      name: 'paid',
      properties: { amount: 12.5, trial: false },
      occurred_at: at(10),
      received_at: t.clock.now().toISOString(),
      source: 'api',
    });

    const first = await list('?limit=2');
    expect(first.data.map((e) => e.id)).toEqual(all.data.slice(0, 2).map((e) => e.id));
    const second = await list(`?limit=2&cursor=${first.meta.next_cursor}`);
    expect(second.data.map((e) => e.id)).toEqual([all.data[2]!.id]);
    expect(second.meta.next_cursor).toBeNull();
    expect((await list('?name=paid')).data.map((e) => e.occurred_at)).toEqual([at(10), at(20)]);
    expect((await list('?name=never')).data).toEqual([]);
    // The key needs contacts:read; events:write alone (an ingestion key) cannot read events back.
    expect((await list('', await ws.keyWith('contacts:read'))).data).toHaveLength(3);
    const ingestOnly = await ws.call(`/api/v1/contacts/${c.id}/events`, {
      key: await ws.keyWith('events:write'),
    });
    expect(ingestOnly.status).toBe(403);
    expect((await read(ingestOnly)).error).toMatchObject({ code: 'missing_ability' });

    for (const [query, code] of [
      ['?limit=0', 'invalid_limit'],
      ['?limit=101', 'invalid_limit'],
      ['?cursor=nope', 'invalid_cursor'],
      ['?name=Not%20a%20name', 'validation_failed'],
    ] as const) {
      const res = await ws.call(`/api/v1/contacts/${c.id}/events${query}`);
      expect(res.status, query).toBe(422);
      expect((await read(res)).error!.code, query).toBe(code);
    }
    const foreign = await apiWorkspace(t, getDb());
    for (const id of [c.id, newId()]) {
      const res = await foreign.call(`/api/v1/contacts/${id}/events`);
      expect(res.status).toBe(404);
      expect((await read(res)).error!.code).toBe('not_found');
    }
    expect((await ws.call('/api/v1/contacts/not-a-ulid/events')).status).toBe(404);
  });

  it('feature flags: public_v1 off hides everything, event_tracking off hides ingestion and event reads only', async () => {
    const { ws } = await setup();
    await setFlag(ws.ctx.db, ws.workspaceId, 'feature.contacts.event_tracking', false, new Date());
    await expect
      .poll(
        async () =>
          (await ws.call('/api/v1/events', { body: { events: [{ name: 'a', email: 'x@example.com' }] } }))
            .status,
      )
      .toBe(404);
    const c = (await read(await ws.call('/api/v1/contacts', { body: { email: 'flag@example.com' } }))).data;
    expect((await ws.call(`/api/v1/contacts/${c.id}/events`)).status).toBe(404);
    expect((await ws.call(`/api/v1/contacts/${c.id}`)).status).toBe(200);
    expect((await ws.call('/api/v1/contacts')).status).toBe(200);
    await setFlag(ws.ctx.db, ws.workspaceId, 'feature.api.public_v1', false, new Date());
    await expect.poll(async () => (await ws.call('/api/v1/contacts')).status).toBe(404);
    expect((await read(await ws.call('/api/v1/contacts'))).error!.code).toBe('not_found');
  });
});
