import { expect, it } from 'vitest';
import { claimDueJobs } from '../../server-core/jobs/claim-jobs';
import {
  HOUSEKEEPING_EVERY_MS,
  HOUSEKEEPING_KIND,
  runHousekeeping,
  scheduleHousekeeping,
} from '../../server-core/jobs/housekeeping';
import { enqueueJob, retryDelayMs } from '../../server-core/jobs/jobs';
import { MINUTE, manualClock, SECOND } from '../../server-core/lib/clock';
import { newId } from '../../server-core/lib/ulid';
import { describeDb } from '../../server-core/testing/db';
import { testWorkerDeps } from '../testing/worker-deps';
import { runWorkerOnce } from './loop';

/** The worker loop over the jobs table: leases, retries with backoff, housekeeping that reschedules itself. */
describeDb('worker loop', (getDb) => {
  const kind = () => `probe_${newId()}`;

  it('a worker that dies mid-job loses nothing: the lease expires and another worker runs it again', async () => {
    const db = getDb();
    const k = kind();
    const clock = manualClock();
    await enqueueJob(db, { kind: k, payload: { n: 1 } }, clock.now());
    const [taken] = await claimDueJobs(db, {
      workerId: 'dead',
      now: clock.now(),
      limit: 1,
      leaseMs: MINUTE,
      kinds: [k],
    });
    expect(taken!.attempts).toBe(1);
    // The first worker "dies": it never completes. Before the lease ends nobody else may take it.
    clock.advance(30 * SECOND);
    const runs: string[] = [];
    const handlers = { [k]: async () => void runs.push('ran') };
    expect(await runWorkerOnce(testWorkerDeps(db, clock), 'alive', { handlers })).toBe(0);
    clock.advance(31 * SECOND);
    expect(await runWorkerOnce(testWorkerDeps(db, clock), 'alive', { handlers, leaseMs: MINUTE })).toBe(1);
    expect(runs).toEqual(['ran']);
    const [row] = await db.query<{ state: string; attempts: number }>(
      'select state, attempts from jobs where id = $1',
      [taken!.id],
    );
    expect(row).toEqual({ state: 'done', attempts: 2 });
  });

  it('retries a failing job with backoff and marks it failed after max_attempts', async () => {
    const db = getDb();
    const k = kind();
    const clock = manualClock();
    const id = await enqueueJob(db, { kind: k, maxAttempts: 3 }, clock.now());
    const handlers = { [k]: async () => Promise.reject(new Error('receiver said no')) };
    const deps = testWorkerDeps(db, clock);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runWorkerOnce(deps, 'w', { handlers })).toBe(1);
      const [row] = await db.query<{ state: string; attempts: number; last_error: string; run_at: Date }>(
        'select state, attempts, last_error, run_at from jobs where id = $1',
        [id],
      );
      expect(row!.attempts).toBe(attempt);
      expect(row!.last_error).toBe('receiver said no');
      expect(row!.state).toBe(attempt < 3 ? 'pending' : 'failed');
      if (attempt < 3) {
        expect(row!.run_at.getTime()).toBe(clock.now().getTime() + retryDelayMs(attempt));
        expect(await runWorkerOnce(deps, 'w', { handlers })).toBe(0); // not due yet
        clock.set(row!.run_at);
      }
    }
  });

  it('housekeeping purges what expired and schedules itself again', async () => {
    const db = getDb();
    const clock = manualClock();
    const before = new Date(clock.now().getTime() - 1000);
    const ws = newId();
    await db.query(
      `insert into workspaces (id, name, website_id, created_at, updated_at) values ($1, 'hk', $2, $3, $3)`,
      [ws, newId(), before],
    );
    await db.query(
      `insert into idempotency_records (workspace_id, scope, key, request_hash, state, created_at, expires_at)
       values ($1, 's', 'old', 'h', 'completed', $2, $2), ($1, 's', 'live', 'h', 'completed', $2, $3)`,
      [ws, before, new Date(clock.now().getTime() + MINUTE)],
    );
    const removed = await runHousekeeping(db, clock.now());
    expect(removed.idempotency_records).toBeGreaterThanOrEqual(1);
    const left = await db.query<{ key: string }>(
      'select key from idempotency_records where workspace_id = $1',
      [ws],
    );
    expect(left.map((r) => r.key)).toEqual(['live']);

    await db.query(`delete from jobs where kind = $1`, [HOUSEKEEPING_KIND]);
    await scheduleHousekeeping(db, clock.now());
    expect(await scheduleHousekeeping(db, clock.now())).toBeNull();
    const deps = testWorkerDeps(db, clock);
    expect(await runWorkerOnce(deps, 'w')).toBe(1);
    const next = await db.query<{ run_at: Date }>(
      `select run_at from jobs where kind = $1 and state = 'pending'`,
      [HOUSEKEEPING_KIND],
    );
    expect(next.map((r) => r.run_at.getTime())).toEqual([clock.now().getTime() + HOUSEKEEPING_EVERY_MS]);
  });
});
