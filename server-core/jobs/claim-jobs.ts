import type { Sql } from '../db/db';
import type { Job } from './jobs';

/**
 * Limits on jobs with a concurrency key (webhook attempts, keyed by endpoint), counted over every
 * worker from the running rows whose lease is live: at most `perKey` run at once per key, and at most
 * `perWorkspace` keyed jobs at once per workspace.
 */
export interface ConcurrencyCaps {
  perWorkspace: number;
  perKey: number;
}

export const DEFAULT_CONCURRENCY_CAPS: ConcurrencyCaps = { perWorkspace: 8, perKey: 4 };

export interface ClaimInput {
  workerId: string;
  now: Date;
  limit: number;
  /** The lease of every kind without one of its own in `leases`. */
  leaseMs: number;
  /** Leases by kind, in ms: a job whose worker died is claimed again this long after it was taken. */
  leases?: Readonly<Record<string, number>>;
  kinds?: string[];
  caps?: ConcurrencyCaps;
}

/** The advisory lock class of "a worker is claiming this workspace's keyed jobs" (two-int form). */
export const CLAIM_LOCK_CLASS = 7_270_012;
/** Expired keyed leases handed back per claim (a dead worker holds at most its concurrency). */
const RELEASE_BATCH = 100;

/**
 * Statement 1: hands the keyed jobs of dead workers back (pending again, their run_at unchanged, so
 * they come first in their lane), finds the lanes with a due job and room under both caps, and locks
 * the workspaces to claim from: the least busy first, then the longest waiting, at most `limit`,
 * each with pg_try_advisory_xact_lock (a workspace another worker is claiming is skipped, like SKIP
 * LOCKED). The lanes are walked by a loose index scan over jobs_lane_due_idx, one descent per lane
 * with a pending job (due or waiting for its retry), so a flooded lane costs what a quiet one does.
 * Both statements are exported for the claim benchmark's EXPLAIN (bench/webhooks-claim.ts).
 */
export const OPEN_LANES = /* sql */ `
  with recursive released as (
    update jobs set state = 'pending', locked_by = null, locked_until = null, updated_at = $1::timestamptz
    where id in (
      select id from jobs
      where state = 'running' and concurrency_key is not null and locked_until <= $1::timestamptz
        and ($2::text[] is null or kind = any($2::text[]))
      order by locked_until limit ${RELEASE_BATCH}
      for update skip locked)
    returning concurrency_key as key, workspace_id, kind, run_at
  ),
  lanes as (
    (select concurrency_key as key, workspace_id, kind, run_at from jobs
     where state = 'pending' and concurrency_key is not null
     order by concurrency_key, run_at limit 1)
    union all
    select n.key, n.workspace_id, n.kind, n.run_at from lanes l cross join lateral (
      select concurrency_key as key, workspace_id, kind, run_at from jobs
      where state = 'pending' and concurrency_key > l.key
      order by concurrency_key, run_at limit 1) n
  ),
  -- What this statement hands back is not in its own snapshot's lanes: added here (the claim's
  -- second statement sees those rows pending).
  heads as (
    select key, workspace_id, min(kind) as kind, min(run_at) as run_at
    from (select * from lanes union all select * from released) h
    group by key, workspace_id
  ),
  running as (
    select workspace_id, concurrency_key as key, count(*)::int as n from jobs
    where state = 'running' and concurrency_key is not null and locked_until > $1::timestamptz
    group by workspace_id, concurrency_key
  ),
  busy as (select workspace_id, sum(n)::int as n from running group by workspace_id),
  open as (
    select l.key, l.workspace_id, l.run_at, coalesce(b.n, 0) as ws_running
    from heads l
    left join running r on r.workspace_id = l.workspace_id and r.key = l.key
    left join busy b on b.workspace_id = l.workspace_id
    where l.run_at <= $1::timestamptz and ($2::text[] is null or l.kind = any($2::text[]))
      and coalesce(r.n, 0) < $3::int and coalesce(b.n, 0) < $4::int
  ),
  chosen as materialized (
    select workspace_id from open group by workspace_id order by min(ws_running), min(run_at) limit $5::int
  ),
  locked as materialized (
    select workspace_id from chosen where pg_try_advisory_xact_lock(${CLAIM_LOCK_CLASS}, hashtext(workspace_id))
  )
  select coalesce(array_agg(o.key), '{}') as keys, coalesce(array_agg(o.workspace_id), '{}') as workspaces,
    (select count(*) from chosen) > (select count(*) from locked) as contended
  from open o join locked using (workspace_id)`;

/**
 * Statement 2, in a fresh snapshot that sees every claim committed before the locks were taken:
 * counts the running keyed jobs of the locked workspaces again and takes from each open lane what
 * both caps leave room for; the workspaces' jobs interleave (the first of each lane before the second
 * of any, and a workspace's n-th job ranks after every workspace's (n-1)-th, counting what it already
 * runs). Unkeyed jobs come as before: those whose lease ran out first, then the due ones in time order
 * (interleaved by workspace too). Every row is taken with FOR UPDATE SKIP LOCKED.
 */
export const CLAIM = /* sql */ `
  with lanes as (
    select * from unnest($9::text[], $10::text[]) as l(key, workspace_id)
  ),
  running as (
    select workspace_id, concurrency_key as key, count(*)::int as n from jobs
    where state = 'running' and concurrency_key is not null and locked_until > $1::timestamptz
      and workspace_id = any($10::text[])
    group by workspace_id, concurrency_key
  ),
  busy as (select workspace_id, sum(n)::int as n from running group by workspace_id),
  room as (
    select l.key, l.workspace_id, coalesce(b.n, 0) as ws_running, coalesce(r.n, 0) as key_running,
      greatest(0, least($3::int - coalesce(r.n, 0), $4::int - coalesce(b.n, 0), $5::int)) as free
    from lanes l
    left join running r on r.workspace_id = l.workspace_id and r.key = l.key
    left join busy b on b.workspace_id = l.workspace_id
  ),
  lane_jobs as (
    select room.key, room.workspace_id, room.ws_running, room.key_running, c.id, c.run_at
    from room cross join lateral (
      select id, run_at from jobs
      where state = 'pending' and concurrency_key = room.key and run_at <= $1::timestamptz
      order by run_at limit room.free
    ) c
  ),
  ranked as (
    select id, run_at, ws_running,
      row_number() over (partition by workspace_id order by lane_pos, run_at) as ws_pos
    from (
      select *, key_running + row_number() over (partition by key order by run_at) as lane_pos from lane_jobs
    ) x
  ),
  stuck as (
    select id, workspace_id, locked_until as at from jobs
    where state = 'running' and concurrency_key is null and locked_until <= $1::timestamptz
      and ($2::text[] is null or kind = any($2::text[]))
    order by locked_until limit $5::int
    for update skip locked
  ),
  due as (
    select id, workspace_id, run_at as at from jobs
    where state = 'pending' and concurrency_key is null and run_at <= $1::timestamptz
      and ($2::text[] is null or kind = any($2::text[]))
    order by run_at limit $5::int
    for update skip locked
  ),
  pool as (
    select id, at, 0::bigint as tier from stuck
    union all
    select id, at, row_number() over (partition by workspace_id order by at) from due
    union all
    select id, run_at, ws_running + ws_pos from ranked where ws_running + ws_pos <= $4::int
  ),
  candidates as (select id from pool order by tier, at limit $5::int),
  picked as (
    select j.id from jobs j join candidates c on c.id = j.id
    where j.state = 'pending' or (j.state = 'running' and j.locked_until <= $1::timestamptz)
    for update of j skip locked
  )
  update jobs j set state = 'running', attempts = j.attempts + 1, locked_by = $6, updated_at = $1::timestamptz,
    locked_until = $1::timestamptz + coalesce(($7::jsonb ->> j.kind)::float8, $8::float8) * interval '1 millisecond'
  from picked where j.id = picked.id
  returning j.id, j.workspace_id, j.kind, j.payload, j.attempts, j.max_attempts, j.run_at, j.locked_by,
    j.concurrency_key`;

export interface Claimed {
  jobs: Job[];
  /** Another worker was claiming a workspace this claim would have taken from: claim again soon. */
  contended: boolean;
}

/**
 * Claims up to `limit` due jobs for one worker. FOR UPDATE SKIP LOCKED lets any number of workers
 * share the table without taking the same job; the lease (locked_until, per kind) hands a job back
 * if its worker dies mid-run, so work is done at least once. Keyed jobs (webhook attempts) are
 * claimed fairly under the caps (see the two statements above); unkeyed ones in time order, those
 * whose lease ran out first. Every step walks a partial index, so a claim stays cheap however many
 * jobs wait.
 */
export async function claimJobs(db: Sql, input: ClaimInput): Promise<Claimed> {
  const caps = input.caps ?? DEFAULT_CONCURRENCY_CAPS;
  const kinds = input.kinds ?? null;
  return db.tx(async (tx) => {
    const [lanes] = await tx.query<{ keys: string[]; workspaces: string[]; contended: boolean }>(OPEN_LANES, [
      input.now,
      kinds,
      caps.perKey,
      caps.perWorkspace,
      input.limit,
    ]);
    const jobs = await tx.query<Job>(CLAIM, [
      input.now,
      kinds,
      caps.perKey,
      caps.perWorkspace,
      input.limit,
      input.workerId,
      JSON.stringify(input.leases ?? {}),
      input.leaseMs,
      lanes!.keys,
      lanes!.workspaces,
    ]);
    return { jobs, contended: lanes!.contended };
  });
}

/** claimJobs, when only the jobs matter. */
export async function claimDueJobs(db: Sql, input: ClaimInput): Promise<Job[]> {
  return (await claimJobs(db, input)).jobs;
}
