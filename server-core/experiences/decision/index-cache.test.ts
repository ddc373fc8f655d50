import { expect, it, vi } from 'vitest';
import { openPostgres } from '../../db/adapters/postgres';
import type { Db } from '../../db/db';
import { manualClock } from '../../lib/clock';
import { describeDb } from '../../testing/db';
import {
  insertExperience,
  insertVersion,
  setExperienceStatus,
  tourDefinition,
} from '../../testing/experiences';
import { makeWorkspace } from '../../testing/fixtures';
import { createExperienceIndexCache, INDEX_TTL_MS } from './index-cache';
import { notifyExperiencesChanged } from './notify-experiences-changed';

/** The Db with a count of index loads and a gate that holds them. */
function counting(db: Db) {
  let loads = 0;
  let gate: Promise<void> | null = null;
  const wrapped: Db = Object.assign(Object.create(db) as Db, {
    async query(text: string, params?: readonly unknown[]) {
      if (text.includes('from experiences e')) {
        loads++;
        if (gate) await gate;
      }
      return db.query(text, params);
    },
  });
  return {
    db: wrapped,
    loads: () => loads,
    hold() {
      let release!: () => void;
      gate = new Promise((r) => {
        release = r;
      });
      return () => {
        gate = null;
        release();
      };
    },
  };
}

describeDb('experience index cache', (getDb, adapter) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const clock = manualClock();
    const probe = counting(db);
    const cache = createExperienceIndexCache({ db: probe.db, clock });
    return { db, ws: ws.id, clock, probe, cache };
  };
  const count = async (cache: ReturnType<typeof createExperienceIndexCache>, ws: string) =>
    (await cache.get(ws)).experiences.length;

  it('loads once per TTL; a missed notification costs at most the TTL', async () => {
    const { db, ws, clock, probe, cache } = await setup();
    await insertExperience(db, ws, { type: 'tour', definition: tourDefinition() });
    expect(await count(cache, ws)).toBe(1);
    expect(await count(cache, ws)).toBe(1);
    expect(probe.loads()).toBe(1);
    await insertExperience(db, ws, { type: 'tour', definition: tourDefinition() }); // no NOTIFY
    expect(await count(cache, ws)).toBe(1);
    clock.advance(INDEX_TTL_MS * 0.8 - 1);
    expect(await count(cache, ws)).toBe(1);
    expect(probe.loads()).toBe(1);
    clock.advance(INDEX_TTL_MS * 0.2);
    expect(await count(cache, ws)).toBe(1); // still answers, and reloads beside it (refresh ahead)
    await vi.waitFor(async () => expect(await count(cache, ws)).toBe(2));
    expect(probe.loads()).toBe(2);
    await insertExperience(db, ws, { type: 'tour', definition: tourDefinition() });
    clock.advance(INDEX_TTL_MS); // nobody asked in the last fifth: the expired entry is never answered
    expect(await count(cache, ws)).toBe(3);
    expect(probe.loads()).toBe(3);
  });

  it('NOTIFY experiences_changed drops the workspace at once (at commit), and only that workspace', async () => {
    const { db, ws, probe, cache } = await setup();
    const other = (await makeWorkspace(db)).id;
    const tour = await insertExperience(db, ws, { type: 'tour', definition: tourDefinition() });
    expect(await count(cache, ws)).toBe(1);
    expect(await count(cache, other)).toBe(0);
    await db.tx(async (tx) => {
      await setExperienceStatus(tx, ws, tour.id, 'draft');
      await notifyExperiencesChanged(tx, ws);
    });
    await vi.waitFor(async () => expect(await count(cache, ws)).toBe(0));
    const loads = probe.loads();
    expect(await count(cache, other)).toBe(0);
    expect(probe.loads()).toBe(loads); // the other workspace kept its entry

    // a rolled-back change sends nothing
    await db
      .tx(async (tx) => {
        await notifyExperiencesChanged(tx, ws);
        throw new Error('rollback');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 50));
    expect(await count(cache, ws)).toBe(0);
    expect(probe.loads()).toBe(loads);
  });

  it('a load that a drop overtakes is answered but not kept', async () => {
    const { db, ws, probe, cache } = await setup();
    await insertExperience(db, ws, { type: 'tour', definition: tourDefinition() });
    const release = probe.hold();
    const pending = cache.get(ws);
    await vi.waitFor(() => expect(probe.loads()).toBe(1));
    cache.invalidate(ws);
    release();
    expect((await pending).experiences).toHaveLength(1);
    await cache.get(ws);
    expect(probe.loads()).toBe(2);
    await cache.get(ws);
    expect(probe.loads()).toBe(2);
  });

  it('concurrent requests share one load', async () => {
    const { ws, probe, cache } = await setup();
    await Promise.all([cache.get(ws), cache.get(ws), cache.get(ws)]);
    expect(probe.loads()).toBe(1);
  });

  it("older versions' steps load once", async () => {
    const { db, ws, cache } = await setup();
    const tour = await insertExperience(db, ws, { type: 'tour', definition: tourDefinition() });
    await insertVersion(db, ws, tour.id, tourDefinition());
    const steps = await cache.stepsOfVersions(ws, [tour.versionId, 'unknown']);
    expect(steps.get(tour.versionId)?.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(steps.has('unknown')).toBe(false);
    expect((await cache.stepsOfVersions(ws, [tour.versionId])).get(tour.versionId)).toBe(
      steps.get(tour.versionId),
    );
  });

  if (adapter === 'postgres') {
    it('a publish on another node (connection) reaches this node through NOTIFY', async () => {
      const { db, ws, cache } = await setup();
      const [{ schema }] = (await db.query<{ schema: string }>('select current_schema() as schema')) as [
        { schema: string },
      ];
      const other = await openPostgres({ url: process.env.DATABASE_URL!, schema, max: 1 });
      try {
        const otherCache = createExperienceIndexCache({ db: other, clock: manualClock() });
        expect(await count(cache, ws)).toBe(0);
        expect(await count(otherCache, ws)).toBe(0);
        await other.tx(async (tx) => {
          await insertExperience(tx, ws, { type: 'tour', definition: tourDefinition() });
          await notifyExperiencesChanged(tx, ws);
        });
        await vi.waitFor(async () => expect(await count(cache, ws)).toBe(1), { timeout: 5000 });
        await vi.waitFor(async () => expect(await count(otherCache, ws)).toBe(1), { timeout: 5000 });
      } finally {
        await other.close();
      }
    });
  }
});
