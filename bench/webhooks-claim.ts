import type { Db } from '../server-core/db/db';
import { CLAIM, claimDueJobs, DEFAULT_CONCURRENCY_CAPS, OPEN_LANES } from '../server-core/jobs/claim-jobs';
import { MINUTE } from '../server-core/lib/clock';
import { ATTEMPT_JOB_KIND, ATTEMPT_LEASE_MS } from '../server-core/webhooks/attempt-job';
import { createWorkspace } from '../server-core/workspaces/create-workspace';
import { summarize } from './stats';

const DUE = Number(process.env.BENCH_CLAIM_DUE ?? 50_000);
const FLOOD_LANES = 20;
const QUIET_WORKSPACES = 100;
/** Retries scheduled later, in lanes of their own (endpoints that failed and wait). */
const WAITING_LANES = 500;
const CLAIMS = 30;

/**
 * One flooding workspace with DUE due attempts over 20 endpoints, 100 quiet workspaces with one due
 * attempt each, and 500 endpoints whose next retry is an hour away.
 */
async function fill(db: Db, now: Date): Promise<void> {
  const flood = await createWorkspace(db, { name: 'flood', now });
  const quiet = await Promise.all(
    Array.from({ length: QUIET_WORKSPACES }, (_, i) => createWorkspace(db, { name: `quiet-${i}`, now })),
  );
  const insert = `insert into jobs (id, workspace_id, kind, payload, state, run_at, max_attempts, concurrency_key,
      created_at, updated_at)`;
  await db.query(
    `${insert} select 'flood-' || g, $1, $2, '{}', 'pending', $3::timestamptz - g * interval '1 ms', 3,
       'flood-lane-' || (g % ${FLOOD_LANES}), $3, $3
     from generate_series(1, $4::int) g`,
    [flood.id, ATTEMPT_JOB_KIND, now, DUE],
  );
  await db.query(
    `${insert} select 'quiet-' || k.i, k.ws, $2, '{}', 'pending', $3, 3, 'quiet-lane-' || k.i, $3, $3
     from unnest($1::text[]) with ordinality as k(ws, i)`,
    [quiet.map((w) => w.id), ATTEMPT_JOB_KIND, now],
  );
  await db.query(
    `${insert} select 'later-' || g, $1, $2, '{}', 'pending', $3::timestamptz + interval '1 hour', 3,
       'waiting-lane-' || g, $3, $3
     from generate_series(1, ${WAITING_LANES}) g`,
    [quiet[0]!.id, ATTEMPT_JOB_KIND, now],
  );
  await db.query('analyze jobs');
}

/** Times `CLAIMS` claims of 16; each claim's jobs go back to pending so every claim sees the same queue. */
async function timeClaims(db: Db, now: Date): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const started = performance.now();
    const jobs = await claimDueJobs(db, {
      workerId: 'bench',
      now,
      limit: 16,
      leaseMs: 5 * MINUTE,
      leases: { [ATTEMPT_JOB_KIND]: ATTEMPT_LEASE_MS },
      kinds: [ATTEMPT_JOB_KIND],
    });
    ms.push(performance.now() - started);
    if (jobs.length === 0) throw new Error('the claim found nothing');
    await db.query(
      `update jobs set state = 'pending', locked_by = null, locked_until = null, attempts = 0 where locked_by = 'bench'`,
    );
  }
  return ms;
}

/** Both statements of a claim under EXPLAIN ANALYZE (inside a transaction that is rolled back). */
async function explain(db: Db, now: Date): Promise<string> {
  const caps = DEFAULT_CONCURRENCY_CAPS;
  const kinds = [ATTEMPT_JOB_KIND];
  const plans: string[] = [];
  await db
    .tx(async (tx) => {
      const plan = async (sql: string, params: unknown[]) =>
        (await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off) ${sql}`, params))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      const [lanes] = await tx.query<{ keys: string[]; workspaces: string[] }>(OPEN_LANES, [
        now,
        kinds,
        caps.perKey,
        caps.perWorkspace,
        16,
      ]);
      plans.push(await plan(OPEN_LANES, [now, kinds, caps.perKey, caps.perWorkspace, 16]));
      plans.push(
        await plan(CLAIM, [
          now,
          kinds,
          caps.perKey,
          caps.perWorkspace,
          16,
          'bench',
          JSON.stringify({ [ATTEMPT_JOB_KIND]: ATTEMPT_LEASE_MS }),
          5 * MINUTE,
          lanes!.keys,
          lanes!.workspaces,
        ]),
      );
      throw new RollBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RollBack)) throw err;
    });
  return plans.join('\n\n');
}

class RollBack extends Error {}

/**
 * The claim's cost with a deep queue: median and p95 of one claim of 16 with DUE due attempts in one
 * workspace, 100 quiet workspaces and 500 waiting endpoints; first with the flood's lanes open, then
 * with the flood at its per-workspace cap. BENCH_EXPLAIN=1 prints the plans.
 */
export async function claimFigure(label: string, db: Db): Promise<void> {
  const now = new Date();
  await fill(db, now);
  const open = summarize(await timeClaims(db, now));
  // The flood at its cap: 8 of its attempts run with a live lease.
  await db.query(
    `update jobs set state = 'running', locked_by = 'other', locked_until = $1::timestamptz + interval '1 minute'
     where id in (select id from jobs where id like 'flood-%' order by run_at limit $2)`,
    [now, DEFAULT_CONCURRENCY_CAPS.perWorkspace],
  );
  const capped = summarize(await timeClaims(db, now));
  console.log(
    `  ${label}: one claim of 16 with ${DUE} due attempts in one workspace, ${QUIET_WORKSPACES} quiet workspaces, ` +
      `${WAITING_LANES} waiting endpoints: p50 ${open.p50} ms, p95 ${open.p95} ms; ` +
      `with the flood at its cap p50 ${capped.p50} ms, p95 ${capped.p95} ms`,
  );
  if (process.env.BENCH_EXPLAIN) console.log(await explain(db, now));
}
