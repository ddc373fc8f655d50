import { expect, it } from 'vitest';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { ingestContactEvents } from '../../../server-core/events/ingest-contact-events';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { makeTestApp, signIn } from '../../testing/services';

describeDb('listContactEventNames (portal)', (getDb) => {
  it("answers any member with the workspace's recent names; a non-member is 403 (the portal rule); no session 401", async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db, t.clock.now());
    const ctx = testCtx(db, ws.id, t.clock);
    const ada = (await upsertContact(ctx, { email: 'ada@example.com' })).contact;
    await ingestContactEvents(ctx, [
      { name: 'signed_up', contact_id: ada.id },
      { name: 'invoice.paid', contact_id: ada.id },
      { name: 'signed_up', contact_id: ada.id },
    ]);
    const member = await makeMember(db, ws.id, 'member');
    const s = await signIn(t, member.email, TEST_PASSWORD);
    const res = await t.app.request(`/api/v1/workspaces/${ws.id}/contact-event-names`, {
      headers: s.headers,
    });
    expect(res.status).toBe(200);
    const now = t.clock.now().toISOString();
    expect(await res.json()).toEqual({
      data: [
        { name: 'invoice.paid', last_received_at: now },
        { name: 'signed_up', last_received_at: now },
      ],
    });

    const other = await makeWorkspace(db, t.clock.now());
    const outsider = await makeMember(db, other.id, 'owner');
    const o = await signIn(t, outsider.email, TEST_PASSWORD);
    const foreign = await t.app.request(`/api/v1/workspaces/${ws.id}/contact-event-names`, {
      headers: o.headers,
    });
    expect(foreign.status).toBe(403);
    const own = await t.app.request(`/api/v1/workspaces/${other.id}/contact-event-names`, {
      headers: o.headers,
    });
    expect(await own.json()).toEqual({ data: [] });
    const anonymous = await t.app.request(`/api/v1/workspaces/${ws.id}/contact-event-names`);
    expect(anonymous.status).toBe(401);
  });
});
