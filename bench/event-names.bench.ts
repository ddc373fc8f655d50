import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { listContactEventNames } from '../server-core/events/list-contact-event-names';
import { manualClock } from '../server-core/lib/clock';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { openThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { createWorkspace } from '../server-core/workspaces/create-workspace';
import { summarize, time } from './stats';

/**
 * listContactEventNames over 5 million contact events (issue 22): 4 million in the measured workspace
 * (250 distinct names, 50 of them last recorded more than 90 days ago; received times spread over 13
 * months), 1 million in another. Prints the load time, the plan's scans and the latency of 100 calls.
 * `npm run bench -- event-names`; Postgres too when DATABASE_URL is set.
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const CHUNK = 500_000;
const NAMES = 250;
const CALLS = 100;
const NOW = new Date('2026-11-01T00:00:00.000Z');

async function load(db: Db, workspaceId: string, contactId: string, from: number, to: number) {
  for (let start = from; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK) - 1;
    // Names 200..249 only in events older than 90 days; the others anywhere in the 13 months.
    await db.query(
      `insert into contact_events (workspace_id, id, contact_id, name, occurred_at, received_at, source)
       select $1, lpad(g::text, 12, '0'), $2, 'event_' || lpad((g % ${NAMES})::text, 3, '0'), t, t, 'api'
       from generate_series($3::int, $4::int) g,
         lateral (select $5::timestamptz - make_interval(secs => case when g % ${NAMES} >= 200
           then 100 * 86400 + (g::bigint * 7919) % (295 * 86400) else (g::bigint * 7919) % (395 * 86400) end) as t) x`,
      [workspaceId, contactId, start, end, NOW],
    );
  }
}

async function measure(db: Db, label: string): Promise<void> {
  await prepareDatabase(db, NOW);
  const clock = manualClock(NOW.toISOString());
  const [ws, other] = [
    await createWorkspace(db, { name: 'bench', now: NOW }),
    await createWorkspace(db, { name: 'other', now: NOW }),
  ];
  for (const w of [ws, other])
    await db.query(
      `insert into contacts (workspace_id, id, email, email_normalized, last_seen_at, created_at, updated_at)
       values ($1, 'c1', 'c1@example.com', 'c1@example.com', $2, $2, $2)`,
      [w.id, NOW],
    );
  const mine = Math.round(EVENTS * 0.8);
  const [, loadMs] = await time(async () => {
    // Loaded without the secondary indexes, which are then built from their own definitions (faster).
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where tablename = 'contact_events' and schemaname = current_schema() and indexname <> 'contact_events_pkey'`,
    );
    for (const i of indexes) await db.exec(`drop index ${i.indexname}`);
    await load(db, ws.id, 'c1', 0, mine);
    await load(db, other.id, 'c1', mine, EVENTS);
    for (const i of indexes) await db.exec(i.indexdef);
    await db.exec('analyze contact_events');
  });
  const ctx = { db, clock, workspaceId: ws.id, actor: { type: 'system' as const, id: null } };
  const first = await listContactEventNames(ctx);
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `explain with recursive names(name) as (
       (select name from contact_events where workspace_id = $1 order by name limit 1)
       union all
       select (select e.name from contact_events e where e.workspace_id = $1 and e.name > n.name order by e.name limit 1)
       from names n where n.name is not null)
     select n.name, (select max(e.received_at) from contact_events e where e.workspace_id = $1 and e.name = n.name)
     from names n where n.name is not null`,
    [ws.id],
  );
  const scans = plan.map((r) => r['QUERY PLAN']).filter((l) => /Scan/.test(l) && /contact_events/.test(l));
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) ms.push((await time(() => listContactEventNames(ctx)))[1]);
  const s = summarize(ms);
  console.log(
    `event-names, ${label}: ${EVENTS.toLocaleString('en')} events loaded in ${(loadMs / 1000).toFixed(1)} s`,
  );
  console.log(`  names in the last 90 days: ${first.length} of ${NAMES}`);
  console.log(
    `  scans of contact_events: ${[...new Set(scans.map((l) => l.trim().replace(/\s+\(cost.*$/, '')))].join('; ')}`,
  );
  console.log(`  listContactEventNames x${CALLS}: p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms`);
}

export async function eventNamesBench(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const scoped = await openThrowawaySchema(process.env.DATABASE_URL, { prefix: 'bench', max: 2 });
    try {
      await measure(scoped.db, 'Postgres');
    } finally {
      await scoped.dispose();
    }
  }
  const pglite = await openPglite();
  try {
    await measure(pglite, 'PGlite (in memory)');
  } finally {
    await pglite.close();
  }
}
