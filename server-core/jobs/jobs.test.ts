import { expect, it } from 'vitest';
import { MINUTE, manualClock } from '../lib/clock';
import { newId } from '../lib/ulid';
import { describeDb } from '../testing/db';
import { claimDueJobs } from './claim-jobs';
import { enqueueJob } from './jobs';

describeDb('jobs', (getDb) => {
  const kind = () => `probe_${newId()}`;

  it('two claimers never take the same job (FOR UPDATE SKIP LOCKED)', async () => {
    const db = getDb();
    const k = kind();
    const now = new Date();
    for (let i = 0; i < 30; i++) await enqueueJob(db, { kind: k }, now);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        claimDueJobs(db, { workerId: `w${i}`, now, limit: 7, leaseMs: MINUTE, kinds: [k] }),
      ),
    );
    const ids = claims.flat().map((j) => j.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it('does not claim jobs before run_at, and respects the dedupe key while one is pending', async () => {
    const db = getDb();
    const k = kind();
    const clock = manualClock();
    expect(
      await enqueueJob(
        db,
        { kind: k, runAt: new Date(clock.now().getTime() + MINUTE), dedupeKey: k },
        clock.now(),
      ),
    ).not.toBeNull();
    expect(await enqueueJob(db, { kind: k, dedupeKey: k }, clock.now())).toBeNull();
    expect(
      await claimDueJobs(db, { workerId: 'w', now: clock.now(), limit: 5, leaseMs: MINUTE, kinds: [k] }),
    ).toHaveLength(0);
    clock.advance(MINUTE);
    expect(
      await claimDueJobs(db, { workerId: 'w', now: clock.now(), limit: 5, leaseMs: MINUTE, kinds: [k] }),
    ).toHaveLength(1);
  });
});
