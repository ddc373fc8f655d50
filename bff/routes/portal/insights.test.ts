import { expect, it } from 'vitest';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import type { Db } from '../../../server-core/db/db';
import { ingestContactEvents } from '../../../server-core/events/ingest-contact-events';
import { setFlag } from '../../../server-core/flags/flags';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { insertExperience, insertSession, tourDefinition } from '../../../server-core/testing/experiences';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { launcherDefinition } from '../../../server-core/testing/visible-experiences';
import { makeTestApp, type SignedIn, signIn } from '../../testing/services';

interface Page<T> {
  meta: { next_cursor: string | null };
  data: T[];
}
const body = async <T>(res: Response) => (await res.json()) as T;

async function setup(db: Db) {
  const t = makeTestApp(db);
  const ws = await makeWorkspace(db);
  const owner = await makeMember(db, ws.id, 'owner');
  const member = await makeMember(db, ws.id, 'member');
  const s = await signIn(t, owner.email, TEST_PASSWORD);
  const m = await signIn(t, member.email, TEST_PASSWORD);
  const call = (path: string, who: SignedIn = s, wsId = ws.id) =>
    t.app.request(`/api/v1/workspaces/${wsId}${path}`, { headers: who.headers });
  return { t, ws, s, m, call };
}

describeDb('console contacts and experience insights', (getDb) => {
  it('contacts: listed newest first, searched by email, name, phone or external id; read with attributes', async () => {
    const db = getDb();
    const { ws, m, call } = await setup(db);
    const ctx = testCtx(db, ws.id);
    const ada = (
      await upsertContact(ctx, {
        email: 'ada@acme.test',
        name: 'Ada Lovelace',
        externalId: 'crm_1',
        attributes: { plan: 'pro' },
      })
    ).contact;
    ctx.clock.advance(1000);
    const grace = (
      await upsertContact(ctx, { email: 'grace@navy.test', name: 'Grace Hopper', phone: '+1 555' })
    ).contact;

    const all = await body<Page<{ id: string }>>(await call('/contacts'));
    expect(all.data.map((c) => c.id)).toEqual([grace.id, ada.id]);
    for (const [q, ids] of [
      ['LOVELACE', [ada.id]],
      ['navy', [grace.id]],
      ['555', [grace.id]],
      ['crm_1', [ada.id]],
      ['crm%', []],
      ['a_a', []],
      ['%', []],
    ] as const) {
      const found = await body<Page<{ id: string }>>(await call(`/contacts?q=${encodeURIComponent(q)}`));
      expect(
        found.data.map((c) => c.id),
        q,
      ).toEqual(ids);
    }
    // Every role reads contacts: whoever answers a conversation sees who asks.
    const one = await body<{ data: { attributes: unknown; email: string } }>(
      await call(`/contacts/${ada.id}`, m),
    );
    expect(one.data).toMatchObject({ email: 'ada@acme.test', attributes: { plan: 'pro' } });
    expect((await call('/contacts?q=')).status).toBe(422);
    expect((await call('/contacts?email=ada@acme.test')).status).toBe(422);
  });

  it('a contact page: its event timeline and experience ledger; foreign and unknown contacts 404', async () => {
    const db = getDb();
    const { t, ws, call } = await setup(db);
    const ctx = testCtx(db, ws.id);
    const ada = (await upsertContact(ctx, { email: 'ada@acme.test' })).contact;
    await ingestContactEvents(ctx, [
      {
        contact_id: ada.id,
        name: 'signed_up',
        occurred_at: new Date(ctx.clock.now().getTime() - 60_000).toISOString(),
      },
      {
        contact_id: ada.id,
        name: 'report_exported',
        properties: { rows: 3 },
        occurred_at: ctx.clock.now().toISOString(),
      },
    ]);
    const tour = await insertExperience(db, ws.id, {
      type: 'tour',
      definition: tourDefinition(),
      name: 'Store tour',
    });
    await insertSession(db, ws.id, {
      experienceId: tour.id,
      versionId: tour.versionId,
      contactId: ada.id,
      state: 'completed',
    });

    const events = await body<Page<{ name: string; properties: unknown }>>(
      await call(`/contacts/${ada.id}/events`),
    );
    expect(events.data.map((e) => e.name)).toEqual(['report_exported', 'signed_up']);
    expect(events.data[0]!.properties).toEqual({ rows: 3 });
    const ledger = await body<{ data: { experience_id: string; state: string; name: string }[] }>(
      await call(`/contacts/${ada.id}/experiences`),
    );
    expect(ledger.data).toEqual([
      expect.objectContaining({ experience_id: tour.id, name: 'Store tour', state: 'completed' }),
    ]);

    const other = await makeWorkspace(db);
    const stranger = await makeMember(db, other.id, 'owner');
    const so = await signIn(t, stranger.email, TEST_PASSWORD);
    for (const path of [
      `/contacts/${ada.id}`,
      `/contacts/${ada.id}/events`,
      `/contacts/${ada.id}/experiences`,
    ]) {
      expect((await call(path, so, other.id)).status, path).toBe(404);
    }
    await setFlag(db, ws.id, 'feature.contacts.event_tracking', false, new Date());
    expect((await call(`/contacts/${ada.id}/events`)).status).toBe(404);
  });

  it('experiences: counts per experience, progress rows and survey answers; experiences.manage only', async () => {
    const db = getDb();
    const { ws, m, call } = await setup(db);
    const tour = await insertExperience(db, ws.id, { type: 'tour', definition: tourDefinition() });
    const launcher = await insertExperience(db, ws.id, {
      type: 'launcher',
      definition: launcherDefinition(),
    });
    for (const state of ['active', 'completed', 'completed', 'ended'] as const) {
      await insertSession(db, ws.id, {
        experienceId: tour.id,
        versionId: tour.versionId,
        visitorId: `v-${state}`,
        state,
      });
    }
    const now = new Date();
    for (const [i, dismissed] of [null, now].entries()) {
      await db.query(
        `insert into experience_seen (workspace_id, id, experience_id, version_id, widget_visitor_id, seen_at, dismissed_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $6)`,
        [
          ws.id,
          `01jd2m7r3x8k9q4w5e6t7y8va${i}`,
          launcher.id,
          launcher.versionId,
          `seen-${i}`,
          now,
          dismissed,
        ],
      );
    }

    const stats = await body<{ data: unknown[] }>(await call('/experience-stats'));
    expect(stats.data).toEqual([
      { experience_id: launcher.id, sessions: 0, active: 0, completed: 0, ended: 0, seen: 2, dismissed: 1 },
      { experience_id: tour.id, sessions: 4, active: 1, completed: 2, ended: 1, seen: 0, dismissed: 0 },
    ]);
    const progress = await body<{ data: { state: string }[] }>(
      await call(`/experiences/${tour.id}/progress?state=completed`),
    );
    expect(progress.data.map((r) => r.state)).toEqual(['completed', 'completed']);
    const answers = await body<{ data: unknown[] }>(await call(`/experiences/${tour.id}/answers`));
    expect(answers.data).toEqual([]);

    expect((await call('/experience-stats', m)).status).toBe(403);
    expect((await call(`/experiences/${tour.id}/progress`, m)).status).toBe(403);
    await setFlag(db, ws.id, 'feature.experiences.core', false, new Date());
    expect((await call('/experience-stats')).status).toBe(404);
  });
});
