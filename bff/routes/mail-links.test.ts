import { expect, it } from 'vitest';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import { unsubscribeToken } from '../../server-core/mail/unsubscribe-link';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { makeTestApp } from '../testing/services';

describeDb('emailUnsubscribe (RFC 8058 one-click)', (getDb) => {
  it('a genuine link unsubscribes its contact once; forged, edited and foreign links are 404 and write nothing', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db, t.clock.now());
    const ctx = testCtx(db, ws.id, t.clock);
    const { contact: ada } = await upsertContact(ctx, { email: 'ada@example.com' });
    const { contact: bob } = await upsertContact(ctx, { email: 'bob@example.com' });
    const key = t.services.keys.mailLinks;
    const post = (token: string) =>
      t.app.request(`/hooks/email/unsubscribe/${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const state = async () =>
      db.query<{ email: string; unsubscribed: boolean }>(
        'select email, unsubscribed from contacts where workspace_id = $1 order by email',
        [ws.id],
      );
    const events = async () =>
      (
        await db.query("select 1 from outbox where workspace_id = $1 and type = 'contact.unsubscribed'", [
          ws.id,
        ])
      ).length;

    const token = unsubscribeToken(key, ws.id, ada.id);
    const [w, , mac] = token.split('.');
    for (const forged of [
      unsubscribeToken(Buffer.alloc(32, 1), ws.id, ada.id),
      `${w}.${bob.id}.${mac}`,
      `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`,
      'not-a-token',
    ]) {
      const res = await post(forged);
      expect(res.status, forged).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect(await state()).toEqual([
      { email: 'ada@example.com', unsubscribed: false },
      { email: 'bob@example.com', unsubscribed: false },
    ]);
    expect(await events()).toBe(0);

    const ok = await post(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { unsubscribed: true } });
    expect((await post(token)).status).toBe(200);
    expect(await state()).toEqual([
      { email: 'ada@example.com', unsubscribed: true },
      { email: 'bob@example.com', unsubscribed: false },
    ]);
    expect(await events()).toBe(1);
    // A body-less POST (some clients send none) works the same.
    const bare = await t.app.request(`/hooks/email/unsubscribe/${unsubscribeToken(key, ws.id, bob.id)}`, {
      method: 'POST',
    });
    expect(bare.status).toBe(200);
  });
});
