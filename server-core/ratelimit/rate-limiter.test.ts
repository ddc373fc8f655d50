import { expect, it } from 'vitest';
import type { Db } from '../db/db';
import { MINUTE, manualClock } from '../lib/clock';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { type Bucket, createRateLimiter, UNFLUSHED_SHARE } from './rate-limiter';

/** A seeded generator: the interleavings are random but every run sees the same ones. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const storedCount = async (db: Db, b: Bucket) =>
  (
    await db.query<{ count: number }>(
      'select coalesce(sum(count), 0)::int as count from rate_limit_windows where workspace_id = $1 and bucket = $2',
      [b.workspaceId, b.name],
    )
  )[0]!.count;

/** Nodes sharing one database: each its own limiter, as each BFF process has; timers off, flushes by hand. */
const nodes = (db: Db, clock: ReturnType<typeof manualClock>, n: number) =>
  Array.from({ length: n }, () => createRateLimiter({ db, clock, flushMs: 0 }));

describeDb('the shared rate limiter', (getDb) => {
  it('counts locally: no write per request, the shared total reconciled at each flush', async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T10:00:00Z');
    const ws = await makeWorkspace(db, clock.now());
    const bucket: Bucket = { workspaceId: ws.id, name: 'key:a', rule: { limit: 1000, windowMs: MINUTE } };
    const [a, b] = nodes(db, clock, 2);
    for (let i = 0; i < 50; i++) expect((await a!.check([bucket])).allowed).toBe(true);
    expect(await storedCount(db, bucket)).toBe(0); // 50 hits, below a tenth of what is left: none written
    await a!.flush();
    expect(await storedCount(db, bucket)).toBe(50);
    // Node B learns A's hits on its first hit of the window.
    expect((await b!.check([bucket])).remaining).toBe(1000 - 51);
    // A learns B's at its next flush.
    await b!.flush();
    await a!.flush();
    expect((await a!.check([bucket])).remaining).toBe(1000 - 52);
  });

  it('at the edge of a bucket the database decides each hit: nodes admit exactly the limit together', async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T10:00:00Z');
    const ws = await makeWorkspace(db, clock.now());
    const bucket: Bucket = { workspaceId: ws.id, name: 'key:b', rule: { limit: 100, windowMs: MINUTE } };
    const [a, b] = nodes(db, clock, 2);
    for (let i = 0; i < 85; i++) await a!.check([bucket]);
    await a!.flush();
    expect(await storedCount(db, bucket)).toBe(85);
    // Both nodes are within 20 of the limit: every hit is one atomic increment, turns or not.
    let allowed = 85;
    for (let i = 0; i < 10; i++) if ((await (i % 2 ? a! : b!).check([bucket])).allowed) allowed++;
    expect(await storedCount(db, bucket)).toBe(95);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a! : b!).check([bucket])));
    allowed += burst.filter((d) => d.allowed).length;
    expect(allowed).toBe(100);
    expect(burst.filter((d) => !d.allowed).every((d) => d.remaining === 0)).toBe(true);
    expect((await a!.check([bucket])).allowed).toBe(false);
    expect((await b!.check([bucket])).allowed).toBe(false);
  });

  it('N nodes in any interleaving admit at least the limit and at most limit + (N - 1) x 10% of it', async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T10:00:00Z');
    const ws = await makeWorkspace(db, clock.now());
    const random = seeded(24);
    for (const [n, limit] of [
      [2, 100],
      [3, 100],
      [4, 57],
      [2, 600],
    ] as const) {
      for (let round = 0; round < 3; round++) {
        const bucket: Bucket = {
          workspaceId: ws.id,
          name: `key:${n}-${limit}-${round}`,
          rule: { limit, windowMs: MINUTE },
        };
        const limiters = nodes(db, clock, n);
        let allowed = 0;
        // Random bursts per node (a node racing ahead on a stale view is the worst case), the odd timer
        // flush, and some hits fired concurrently on several nodes.
        for (let step = 0; step < limit * 3; step++) {
          const node = limiters[Math.floor(random() * n)]!;
          const r = random();
          if (r < 0.05) await node.flush();
          else if (r < 0.15) {
            const decisions = await Promise.all(limiters.map((l) => l.check([bucket])));
            allowed += decisions.filter((d) => d.allowed).length;
          } else {
            const burst = 1 + Math.floor(random() * 12);
            for (let i = 0; i < burst; i++) if ((await node.check([bucket])).allowed) allowed++;
          }
        }
        for (const l of limiters) await l.flush();
        expect(await storedCount(db, bucket)).toBeGreaterThanOrEqual(allowed);
        expect(allowed).toBeGreaterThanOrEqual(limit);
        expect(allowed).toBeLessThanOrEqual(limit + (n - 1) * Math.ceil(limit * UNFLUSHED_SHARE));
      }
    }
  });

  it('a new window starts from zero on every node once the clock passes the minute', async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T10:00:30Z');
    const ws = await makeWorkspace(db, clock.now());
    const bucket: Bucket = { workspaceId: ws.id, name: 'key:c', rule: { limit: 5, windowMs: MINUTE } };
    const [a, b] = nodes(db, clock, 2);
    for (let i = 0; i < 5; i++) expect((await a!.check([bucket])).allowed).toBe(true);
    const refused = await b!.check([bucket]);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 30 });
    clock.advance(29_000);
    expect((await a!.check([bucket])).resetSeconds).toBe(1);
    clock.advance(1_000);
    expect(await b!.check([bucket])).toMatchObject({ allowed: true, remaining: 4, resetSeconds: 60 });
    expect((await a!.check([bucket])).remaining).toBe(3); // A saw B's hit of the new window
  });
});
