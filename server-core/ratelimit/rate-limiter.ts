import type { Db, Sql } from '../db/db';
import type { Clock } from '../lib/clock';
import { SECOND } from '../lib/clock';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface Bucket {
  workspaceId: string;
  /** e.g. `key:<id>` or `workspace`. */
  name: string;
  rule: RateLimit;
}

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window that decided resets. */
  resetSeconds: number;
}

interface Counter {
  windowStart: number;
  /** The shared total as of the last flush (this node's flushed hits included). */
  shared: number;
  /** Hits on this node not yet flushed. */
  pending: number;
}

/**
 * A node keeps at most this share of what was left of a bucket (as of its last flush) unflushed: with N
 * nodes a window admits at most limit + (N - 1) x 10% of the limit, and never fewer than the limit.
 */
export const UNFLUSHED_SHARE = 0.1;

/**
 * Fixed-window rate limiting shared by every BFF node. Each node counts locally and flushes its hits
 * to rate_limit_windows (an upsert that returns the shared total) every `flushMs`, and at once when its
 * unflushed hits reach UNFLUSHED_SHARE of what the bucket had left; the decision uses the shared total
 * plus local hits, except within 20 of the limit, where the database decides each hit. The bound:
 * docs/decisions/performance.md, Rate limits without a write per request.
 */
export function createRateLimiter(deps: { db: Db; clock: Clock; flushMs?: number }) {
  const counters = new Map<string, Counter & { bucket: Bucket }>();
  const flushMs = deps.flushMs ?? SECOND;
  let timer: ReturnType<typeof setInterval> | null = null;

  const keyOf = (b: Bucket) => `${b.workspaceId}\0${b.name}`;

  /** Adds this node's unflushed hits and `extra` more to the window; returns the shared total. */
  async function store(c: Counter & { bucket: Bucket }, extra: number): Promise<number> {
    const delta = c.pending + extra;
    c.pending = 0;
    const [row] = await deps.db.query<{ count: number }>(
      `insert into rate_limit_windows (workspace_id, bucket, window_start, count) values ($1, $2, $3, $4)
       on conflict (workspace_id, bucket, window_start) do update set count = rate_limit_windows.count + excluded.count
       returning count`,
      [c.bucket.workspaceId, c.bucket.name, new Date(c.windowStart), delta],
    );
    // Writes of one bucket may answer out of order (a pool): the total of a window only grows.
    c.shared = Math.max(c.shared, row!.count);
    return row!.count;
  }

  async function flushOne(key: string): Promise<void> {
    const c = counters.get(key);
    if (c) await store(c, 0);
  }

  async function flush(): Promise<void> {
    const now = deps.clock.now().getTime();
    for (const [key, c] of counters) {
      if (c.windowStart + c.bucket.rule.windowMs <= now && c.pending === 0) counters.delete(key);
      else await flushOne(key);
    }
  }

  function ensureTimer() {
    if (timer || flushMs <= 0) return;
    timer = setInterval(() => void flush().catch(() => {}), flushMs);
    timer.unref?.();
  }

  async function hit(bucket: Bucket): Promise<Decision> {
    ensureTimer();
    const now = deps.clock.now().getTime();
    const windowStart = now - (now % bucket.rule.windowMs);
    const key = keyOf(bucket);
    let c = counters.get(key);
    if (!c || c.windowStart !== windowStart) {
      c = { bucket, windowStart, shared: 0, pending: 0 };
      counters.set(key, c);
      await flushOne(key); // learn what other nodes counted in this window
    }
    const resetSeconds = Math.max(1, Math.ceil((windowStart + bucket.rule.windowMs - now) / 1000));
    const used = c.shared + c.pending;
    if (used >= bucket.rule.limit) {
      return { allowed: false, limit: bucket.rule.limit, remaining: 0, resetSeconds };
    }
    const left = bucket.rule.limit - c.shared;
    if (left * UNFLUSHED_SHARE < 2) {
      // The edge of the bucket: the database decides, one atomic increment per hit (its own row lock
      // orders the nodes), so nodes that all reached the edge admit exactly the limit between them.
      const total = await store(c, 1);
      const allowed = total <= bucket.rule.limit;
      return {
        allowed,
        limit: bucket.rule.limit,
        remaining: Math.max(0, bucket.rule.limit - total),
        resetSeconds,
      };
    }
    c.pending++;
    // A node holds at most a tenth of what was left unflushed (the bound on how far N nodes overshoot).
    if (c.pending >= Math.floor(left * UNFLUSHED_SHARE)) await flushOne(key);
    return { allowed: true, limit: bucket.rule.limit, remaining: bucket.rule.limit - used - 1, resetSeconds };
  }

  return {
    /** Counts one request against every bucket; refused when any is exhausted. */
    async check(buckets: Bucket[]): Promise<Decision> {
      let tightest: Decision | null = null;
      for (const b of buckets) {
        const d = await hit(b);
        if (!d.allowed) return d;
        if (!tightest || d.remaining < tightest.remaining) tightest = d;
      }
      return tightest!;
    },
    flush,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Old windows are housekeeping's to delete. */
export async function purgeRateLimitWindows(db: Sql, before: Date): Promise<number> {
  return (await db.query('delete from rate_limit_windows where window_start < $1 returning bucket', [before]))
    .length;
}
