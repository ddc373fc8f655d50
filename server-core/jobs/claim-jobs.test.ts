import { expect, it } from 'vitest';
import type { Db } from '../db/db';
import { MINUTE, manualClock, SECOND } from '../lib/clock';
import { newId } from '../lib/ulid';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { CLAIM_LOCK_CLASS, claimDueJobs, claimJobs } from './claim-jobs';
import { enqueueJobs } from './jobs';

/** Fair claiming of keyed jobs (webhook attempts): caps over all claimers, workspaces interleaved. */
describeDb('claiming keyed jobs', (getDb, adapter) => {
  const kind = () => `probe_${newId()}`;

  /** `n` jobs of `kind` in each lane (key) of a workspace, the last due at `at` (1 ms apart, in order). */
  const lanes = (db: Db, k: string, workspaceId: string, keys: string[], n: number, at: Date) =>
    enqueueJobs(
      db,
      keys.flatMap((key, l) =>
        Array.from({ length: n }, (_, i) => ({
          kind: k,
          workspaceId,
          concurrencyKey: key,
          payload: { key, i },
          runAt: new Date(at.getTime() - keys.length * n + l * n + i + 1),
        })),
      ),
      at,
    );

  const running = async (db: Db, k: string, now: Date) =>
    db.query<{ key: string; workspace_id: string; n: number }>(
      `select concurrency_key as key, workspace_id, count(*)::int as n from jobs
       where kind = $1 and state = 'running' and locked_until > $2 group by 1, 2 order by 1`,
      [k, now],
    );

  it("a workspace's long queue does not hold back another workspace's job (the first of each before the second of any)", async () => {
    const db = getDb();
    const k = kind();
    const clock = manualClock();
    const busy = await makeWorkspace(db);
    const quiet = await makeWorkspace(db);
    const past = new Date(clock.now().getTime() - MINUTE);
    await lanes(db, k, busy.id, [newId(), newId(), newId(), newId()], 10, past);
    await lanes(db, k, quiet.id, [newId()], 1, clock.now());
    const caps = { perWorkspace: 100, perKey: 100 };
    const claim = (limit: number) =>
      claimDueJobs(db, { workerId: 'w', now: clock.now(), limit, leaseMs: MINUTE, kinds: [k], caps });
    const first = await claim(2);
    expect(first.map((j) => j.workspace_id).sort()).toEqual([busy.id, quiet.id].sort());
    // Within the busy workspace its lanes take turns too: the next three come from three other lanes.
    const next = await claim(3);
    const keys = new Set(
      [...first, ...next].filter((j) => j.workspace_id === busy.id).map((j) => j.concurrency_key),
    );
    expect(keys.size).toBe(4);
  });

  it('at most perKey per lane and perWorkspace per workspace run at once, however many claim together', async () => {
    const db = getDb();
    const k = kind();
    const clock = manualClock();
    const ws = await makeWorkspace(db);
    const other = await makeWorkspace(db);
    await lanes(db, k, ws.id, [newId(), newId(), newId()], 10, clock.now());
    await lanes(db, k, other.id, [newId()], 10, clock.now());
    const caps = { perWorkspace: 5, perKey: 2 };
    const claim = (workerId: string) =>
      claimDueJobs(db, { workerId, now: clock.now(), limit: 4, leaseMs: MINUTE, kinds: [k], caps });
    const claimed = (await Promise.all(Array.from({ length: 8 }, (_, i) => claim(`w${i}`)))).flat();
    expect(new Set(claimed.map((j) => j.id)).size).toBe(claimed.length);
    const counts = await running(db, k, clock.now());
    expect(counts.every((c) => c.n <= 2)).toBe(true);
    expect(counts.filter((c) => c.workspace_id === ws.id).reduce((a, c) => a + c.n, 0)).toBe(5);
    expect(counts.filter((c) => c.workspace_id === other.id).reduce((a, c) => a + c.n, 0)).toBe(2);
    // Nothing more while all of them run...
    expect(await claim('late')).toEqual([]);
    // ...one more once one finishes...
    await db.query(`update jobs set state = 'done', locked_by = null, locked_until = null where id = $1`, [
      claimed.find((j) => j.workspace_id === ws.id)!.id,
    ]);
    expect(await claim('late')).toHaveLength(1);
    // ...and once the leases ran out (the workers died), their jobs come back first, counted as tried.
    clock.advance(MINUTE);
    const again = await claim('after');
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((j) => j.attempts === 2)).toBe(true);
    const after = await running(db, k, clock.now());
    expect(after.every((c) => c.n <= 2)).toBe(true);
  });

  it('each kind has its lease: a short one where given, the default for the rest', async () => {
    const db = getDb();
    const [short, long] = [kind(), kind()];
    const clock = manualClock();
    const ws = await makeWorkspace(db);
    await enqueueJobs(
      db,
      [
        { kind: short, workspaceId: ws.id, concurrencyKey: newId() },
        { kind: long, workspaceId: ws.id },
      ],
      clock.now(),
    );
    const jobs = await claimDueJobs(db, {
      workerId: 'w',
      now: clock.now(),
      limit: 5,
      leaseMs: 5 * MINUTE,
      leases: { [short]: 30 * SECOND },
      kinds: [short, long],
    });
    expect(jobs).toHaveLength(2);
    const rows = await db.query<{ kind: string; locked_until: Date }>(
      'select kind, locked_until from jobs where id = any($1::text[])',
      [jobs.map((j) => j.id)],
    );
    const leaseOf = (k: string) =>
      rows.find((r) => r.kind === k)!.locked_until.getTime() - clock.now().getTime();
    expect(leaseOf(short)).toBe(30 * SECOND);
    expect(leaseOf(long)).toBe(5 * MINUTE);
  });

  // PGlite is one connection: nothing claims beside a transaction there.
  it.skipIf(adapter === 'pglite')(
    'a workspace another worker is claiming from is skipped, and the claim says so (SKIP LOCKED for workspaces)',
    async () => {
      const db = getDb();
      const k = kind();
      const clock = manualClock();
      const held = await makeWorkspace(db);
      const free = await makeWorkspace(db);
      await lanes(db, k, held.id, [newId()], 3, clock.now());
      await lanes(db, k, free.id, [newId()], 3, clock.now());
      const input = { workerId: 'w', now: clock.now(), limit: 10, leaseMs: MINUTE, kinds: [k] };
      await db.tx(async (tx) => {
        // Another worker's claim holds the held workspace's lock until it commits.
        await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [CLAIM_LOCK_CLASS, held.id]);
        const during = await claimJobs(db, input);
        expect(during.contended).toBe(true);
        expect(new Set(during.jobs.map((j) => j.workspace_id))).toEqual(new Set([free.id]));
      });
      const after = await claimJobs(db, input);
      expect(after.contended).toBe(false);
      expect(after.jobs.map((j) => j.workspace_id)).toContain(held.id);
    },
  );
});
