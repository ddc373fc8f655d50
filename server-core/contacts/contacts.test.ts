import { expect, it } from 'vitest';
import { DomainError } from '../lib/errors';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { validateAttributePatch } from './attribute-rules';
import { getContact, listContacts } from './read-contacts';
import { updateContact } from './update-contact';
import { upsertContact } from './upsert-contact';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: DomainError) => e.code,
  );

describeDb('contacts', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    return { db, ws, ctx: testCtx(db, ws.id) };
  };
  const outbox = (db: ReturnType<typeof getDb>, ws: string) =>
    db.query<{ type: string; data: Record<string, unknown> }>(
      'select type, data from outbox where workspace_id = $1 order by id',
      [ws],
    );

  it('creates by email once, then updates; contact.created goes to the outbox only on creation', async () => {
    const { db, ws, ctx } = await setup();
    const a = await upsertContact(ctx, {
      email: 'Ada@Example.com',
      name: 'Ada',
      attributes: { plan: 'pro' },
    });
    expect(a.created).toBe(true);
    expect(a.contact.email).toBe('Ada@Example.com');
    const b = await upsertContact(ctx, { email: ' ada@example.COM ', phone: '+44 1' });
    expect(b).toMatchObject({
      created: false,
      contact: { id: a.contact.id, name: 'Ada', phone: '+44 1', attributes: { plan: 'pro' } },
    });
    const events = await outbox(db, ws.id);
    expect(events).toEqual([
      {
        type: 'contact.created',
        data: {
          contact_id: a.contact.id,
          external_id: null,
          verified: false,
          created_at: a.contact.created_at.toISOString(),
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/ada|Ada|pro/);
  });

  it('blank values never overwrite; attribute nulls are ignored by upsert but clear with blankAttributes=clear', async () => {
    const { ctx } = await setup();
    const { contact } = await upsertContact(ctx, {
      email: 'b@example.com',
      name: 'Bea',
      phone: '1',
      externalId: 'x-1',
      attributes: { a: 1, b: 'two' },
    });
    const same = await upsertContact(ctx, {
      email: 'b@example.com',
      name: '',
      phone: null,
      externalId: '   ',
      attributes: { a: null, b: '' },
    });
    expect(same.contact).toMatchObject({
      name: 'Bea',
      phone: '1',
      external_id: 'x-1',
      attributes: { a: 1, b: 'two' },
    });
    const whitespace = await upsertContact(ctx, {
      email: 'b@example.com',
      attributes: { b: '   ', d: ' \t\n' },
    });
    expect(whitespace.contact.attributes).toEqual({ a: 1, b: 'two' });
    const cleared = await upsertContact(ctx, {
      email: 'b@example.com',
      attributes: { a: null, c: true },
      blankAttributes: 'clear',
      verified: true,
    });
    expect(cleared.contact).toMatchObject({
      id: contact.id,
      attributes: { b: 'two', c: true },
      verified: true,
    });
    expect((await upsertContact(ctx, { email: 'b@example.com', verified: false })).contact.verified).toBe(
      true,
    );
  });

  it('concurrent upserts of one email create exactly one contact', async () => {
    const { db, ws, ctx } = await setup();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => upsertContact(ctx, { email: 'race@example.com', name: `n${i}` })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.contact.id)).size).toBe(1);
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from contacts where workspace_id = $1',
      [ws.id],
    )) as [{ n: number }];
    expect(n).toBe(1);
    expect(await outbox(db, ws.id)).toHaveLength(1);
  });

  it("the plan's contact ceiling answers 422, even under concurrent creations; updates still work", async () => {
    const { db, ws, ctx } = await setup();
    await db.query('update workspaces set contact_limit = 3 where id = $1', [ws.id]);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => upsertContact(ctx, { email: `c${i}@example.com` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason.code).toBe('contact_limit_reached');
    const existing = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
      contact: { email: string };
    }>;
    expect(
      (await upsertContact(ctx, { email: existing.value.contact.email, name: 'still fine' })).created,
    ).toBe(false);
  });

  it("external_id is unique per workspace: taking another contact's answers 409", async () => {
    const { ctx } = await setup();
    await upsertContact(ctx, { email: 'x@example.com', externalId: 'crm-1' });
    const { contact } = await upsertContact(ctx, { email: 'y@example.com' });
    expect(await codeOf(upsertContact(ctx, { email: 'y@example.com', externalId: 'crm-1' }))).toBe(
      'external_id_taken',
    );
    expect(await codeOf(updateContact(ctx, contact.id, { externalId: 'crm-1' }))).toBe('external_id_taken');
  });

  it('update changes only what is given, null clears, attributes merge; another workspace sees nothing', async () => {
    const { db, ctx } = await setup();
    const { contact } = await upsertContact(ctx, {
      email: 'u@example.com',
      name: 'U',
      phone: '9',
      attributes: { a: 1, b: 2 },
    });
    const updated = await updateContact(ctx, contact.id, { phone: null, attributes: { a: null, c: 'x' } });
    expect(updated).toMatchObject({
      name: 'U',
      phone: null,
      email: 'u@example.com',
      attributes: { b: 2, c: 'x' },
    });
    const other = testCtx(db, (await makeWorkspace(db)).id);
    expect(await codeOf(getContact(other, contact.id))).toBe('not_found');
    expect(await codeOf(updateContact(other, contact.id, { name: 'hijack' }))).toBe('not_found');
    expect((await getContact(ctx, contact.id)).name).toBe('U');
  });

  it('lists newest first with email and seen-since filters', async () => {
    const { ctx } = await setup();
    const t0 = ctx.clock.now();
    const first = (await upsertContact(ctx, { email: 'one@example.com' })).contact;
    ctx.clock.advance(60_000);
    const second = (await upsertContact(ctx, { email: 'two@example.com' })).contact;
    expect((await listContacts(ctx, { beforeId: null, limit: 10 })).map((c) => c.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await listContacts(ctx, { beforeId: second.id, limit: 10 })).map((c) => c.id)).toEqual([
      first.id,
    ]);
    expect(
      (await listContacts(ctx, { email: 'ONE@example.com', beforeId: null, limit: 10 })).map((c) => c.id),
    ).toEqual([first.id]);
    expect(
      (await listContacts(ctx, { seenSince: new Date(t0.getTime() + 1), beforeId: null, limit: 10 })).map(
        (c) => c.id,
      ),
    ).toEqual([second.id]);
  });

  it('upsert and update keep the attribute rules whoever calls them, before writing anything', async () => {
    const { ctx } = await setup();
    const tooMany = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i]));
    await expect(upsertContact(ctx, { email: 'a@example.com', attributes: tooMany })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'attributes', rule: 'max_keys' },
    });
    expect(await listContacts(ctx, { beforeId: null, limit: 10 })).toEqual([]);
    const { contact } = await upsertContact(ctx, { email: 'a@example.com', attributes: { plan: 'pro' } });
    await expect(updateContact(ctx, contact.id, { attributes: { 'bad key': 1 } })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { rule: 'key_pattern' },
    });
    expect((await getContact(ctx, contact.id)).attributes).toEqual({ plan: 'pro' });
  });

  it('attribute rules: 30 scalar keys at most', () => {
    expect(() =>
      validateAttributePatch(Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i]))),
    ).toThrow(DomainError);
    for (const bad of [
      { nested: { a: 1 } },
      { list: [1] },
      { n: Number.NaN },
      { s: 'x'.repeat(1001) },
      { 'bad key': 1 },
      { __proto__x: 1, '': 2 },
      [],
      null,
      'str',
    ]) {
      expect(() => validateAttributePatch(bad), JSON.stringify(bad)).toThrow(DomainError);
    }
    expect(validateAttributePatch({ a: 'x', b: 1.5, c: false, d: null })).toEqual({
      a: 'x',
      b: 1.5,
      c: false,
      d: null,
    });
  });

  it('attribute rules: prototype keys and unstorable strings are refused, never dropped or altered', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      // As JSON.parse (and a JWT's claims) deliver them: an own key, not the object's prototype.
      const patch = JSON.parse(`{${JSON.stringify(key)}:"x"}`);
      expect(() => validateAttributePatch(patch), key).toThrow(
        expect.objectContaining({ details: { field: `attributes.${key}`, rule: 'reserved_key' } }),
      );
    }
    expect(() => validateAttributePatch({ plan: 'pro\u0000' })).toThrow(
      expect.objectContaining({ details: { field: 'attributes.plan', rule: 'nul_character' } }),
    );
    expect(() => validateAttributePatch({ plan: '\ud800' })).toThrow(
      expect.objectContaining({ details: { field: 'attributes.plan', rule: 'lone_surrogate' } }),
    );
  });
});
