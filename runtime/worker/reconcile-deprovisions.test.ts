import { expect, it } from 'vitest';
import { authorizeAndExchange, oauthWorld, signedInMember } from '../../bff/testing/oauth';
import { DAY } from '../../server-core/lib/clock';
import {
  RECONCILE_DEPROVISIONS_KIND,
  scheduleReconcileDeprovisions,
} from '../../server-core/members/reconcile-deprovisions';
import { describeDb } from '../../server-core/testing/db';
import { testWorkerDeps } from '../testing/worker-deps';
import { defaultHandlers } from './handlers';
import { runWorkerOnce } from './loop';

describeDb('the daily deprovision reconciliation job', (getDb) => {
  it('finishes the cascade for a membership removed without an event, then schedules itself a day later', async () => {
    const db = getDb();
    const w = await oauthWorld(db);
    const ws = w.customer.workspaceId;
    const admin = await signedInMember(w.t, db, ws, 'admin');
    const tokens = await authorizeAndExchange(w, admin);
    const [{ user_id }] = (await db.query<{ user_id: string }>(
      `select granted_by as user_id from oauth_installs where workspace_id = $1 and revoked_at is null
       and granted_by not in (select user_id from memberships where workspace_id = $1 and role = 'owner')`,
      [ws],
    )) as [{ user_id: string }];
    const now = w.t.clock.now();
    await db.query(
      `insert into articles (workspace_id, id, title, slug, access_level, status, author_id, created_at, updated_at)
       values ($1, '01jarticle0000000000000001', 'Refunds', 'refunds', 'public', 'draft', $2, $3, $3)`,
      [ws, user_id, now],
    );
    // A removal path that emits no event: the row goes by hand.
    await db.query('delete from memberships where workspace_id = $1 and user_id = $2', [ws, user_id]);

    await scheduleReconcileDeprovisions(db, now);
    const handlers = { [RECONCILE_DEPROVISIONS_KIND]: defaultHandlers()[RECONCILE_DEPROVISIONS_KIND]! };
    expect(await runWorkerOnce(testWorkerDeps(db, w.t.clock), 'w', { handlers, dispatch: false })).toBe(1);

    expect(
      (
        await w.t.app.request('/api/v1/contacts', {
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        })
      ).status,
    ).toBe(401);
    expect(await db.query('select author_id from articles where workspace_id = $1', [ws])).toEqual([
      { author_id: null },
    ]);
    expect(await db.query('select 1 from sessions where user_id = $1', [user_id])).toEqual([]);
    // The owner's session and the workspace's API key are untouched.
    expect((await w.customer.call('/api/v1/contacts')).status).toBe(200);
    expect(
      (await w.t.app.request(`/api/v1/workspaces/${ws}/api-keys`, { headers: { Cookie: w.owner.cookie } }))
        .status,
    ).toBe(200);

    const next = await db.query<{ run_at: Date }>(
      `select run_at from jobs where kind = $1 and state = 'pending'`,
      [RECONCILE_DEPROVISIONS_KIND],
    );
    expect(next.map((j) => j.run_at.getTime())).toContain(now.getTime() + DAY);
  });
});
