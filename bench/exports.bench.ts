import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDiskFileStore } from '../runtime/files/disk-file-store';
import { SYSTEM_ACTOR } from '../server-core/context';
import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { buildDataExport } from '../server-core/exports/build-data-export';
import { createDataExport } from '../server-core/exports/create-data-export';
import type { ExportFormat } from '../server-core/exports/data-export';
import { systemClock } from '../server-core/lib/clock';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { openThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { createWorkspace } from '../server-core/workspaces/create-workspace';

const CONTACTS = Number(process.env.BENCH_EXPORT_CONTACTS ?? 200_000);
const LIMIT_MB = 200;
const MB = 1024 * 1024;

const WORKER_SCRIPT = fileURLToPath(new URL('./exports-worker.ts', import.meta.url));

/**
 * `npm run bench -- exports`: a 200,000-contact export (each with custom attributes), in both formats.
 * With DATABASE_URL each export is built by a worker process of its own (bench/exports-worker.ts: the real
 * claim and handler), whose peak RSS is the figure (limit 200 MB). On PGlite the database runs inside the
 * process, so the figure there is the JS heap's growth during the build.
 */
export async function exportsBench(): Promise<void> {
  console.log(
    `exports: ${CONTACTS} contacts with 5 custom attributes, one export per format (limit ${LIMIT_MB} MB)`,
  );
  const url = process.env.DATABASE_URL;
  if (url) {
    const scoped = await openThrowawaySchema(url, { prefix: 'bench', max: 2 });
    try {
      await prepareDatabase(scoped.db, new Date());
      await workerFigures(scoped.db, scoped.schema);
    } finally {
      await scoped.dispose();
    }
  } else console.log('  Postgres: set DATABASE_URL for the worker process figure');
  const pglite = await openPglite();
  try {
    await prepareDatabase(pglite, new Date());
    await inProcessFigures(pglite);
  } finally {
    await pglite.close();
  }
}

async function seed(label: string, db: Db): Promise<string> {
  const ws = await createWorkspace(db, { name: 'bench exports', now: new Date() });
  const started = Date.now();
  for (let from = 1; from <= CONTACTS; from += 50_000) {
    await db.query(
      `insert into contacts (workspace_id, id, email, email_normalized, name, attributes, last_seen_at, created_at, updated_at)
       select $1, lpad(to_hex(g), 26, '0'), 'c' || g || '@example.com', 'c' || g || '@example.com', 'Contact ' || g,
         jsonb_build_object('plan', 'pro', 'seats', g, 'company', 'Company ' || (g % 997), 'trial', g % 2 = 0,
           'country', 'NL'), now(), now(), now()
       from generate_series($2::int, $3::int) g`,
      [ws.id, from, Math.min(CONTACTS, from + 49_999)],
    );
  }
  console.log(`  ${label}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ws.id;
}

interface WorkerReport {
  jobs: number;
  ms: number;
  rssBefore: number;
  peakRss: number;
  peakHeap: number;
}

/** Postgres: each export built by a worker process of its own (the real claim and handler); its peak RSS. */
async function workerFigures(db: Db, schema: string): Promise<void> {
  const workspaceId = await seed('Postgres', db);
  const dir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  const ctx = { db, clock: systemClock, workspaceId, actor: SYSTEM_ACTOR };
  try {
    for (const format of ['json', 'csv'] as ExportFormat[]) {
      const exp = await createDataExport(ctx, { scope: 'contacts', format });
      const report = await new Promise<WorkerReport>((resolve, reject) => {
        const child = fork(WORKER_SCRIPT, [], {
          execArgv: ['--import', 'tsx'],
          env: { ...process.env, BENCH_SCHEMA: schema, BENCH_FILES: dir },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        child.once('message', (m) => resolve(m as WorkerReport));
        child.once('exit', (code) => code !== 0 && reject(new Error(`exports worker exited with ${code}`)));
      });
      const [row] = await db.query<{ state: string; rows_done: number }>(
        'select state, rows_done::float8 as rows_done from data_exports where workspace_id = $1 and id = $2',
        [workspaceId, exp.id],
      );
      const size = statSync(join(dir, workspaceId, exp.id)).size;
      console.log(
        `  Postgres ${format}, worker process: ${row?.state}, ${row?.rows_done} rows, ${(size / MB).toFixed(1)} MB file ` +
          `in ${(report.ms / 1000).toFixed(1)} s; worker RSS ${(report.rssBefore / MB).toFixed(0)} MB at start, ` +
          `peak ${(report.peakRss / MB).toFixed(0)} MB; peak heap ${(report.peakHeap / MB).toFixed(0)} MB: ` +
          `${report.peakRss / MB < LIMIT_MB ? 'under' : 'OVER'} ${LIMIT_MB} MB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * PGlite: the build in this process (the database runs inside it, so RSS counts the database's pages):
 * the JS heap's peak above its level before the build is the figure.
 */
async function inProcessFigures(db: Db): Promise<void> {
  const workspaceId = await seed('PGlite', db);
  const dir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  const files = createDiskFileStore(dir);
  const ctx = { db, clock: systemClock, workspaceId, actor: SYSTEM_ACTOR };
  try {
    for (const format of ['json', 'csv'] as ExportFormat[]) {
      const exp = await createDataExport(ctx, { scope: 'contacts', format });
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }, 20);
      const t0 = Date.now();
      const built = await buildDataExport(ctx, files, exp.id);
      const ms = Date.now() - t0;
      clearInterval(sampler);
      const size = statSync(join(dir, workspaceId, exp.id)).size;
      console.log(
        `  PGlite ${format}, in process: ${built?.rows_done} rows, ${(size / MB).toFixed(1)} MB file in ` +
          `${(ms / 1000).toFixed(1)} s; peak heap ${(peakHeap / MB).toFixed(0)} MB ` +
          `(+${((peakHeap - before.heapUsed) / MB).toFixed(0)} MB over the build's start)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
