import type { Ctx } from '../context';
import { type FileStore, fileKey } from '../files/file-store';
import { type DataExport, EXPORT_COLUMNS, EXPORT_FILE_KEPT_MS } from './data-export';
import { exportHeader, exportLine } from './export-format';
import { countExportRows, exportRecords } from './export-records';

/** Records counted in the progress (messages, sessions and answers ride along with their parent). */
const COUNTED = new Set(['contact', 'conversation', 'ticket', 'event']);

/** Encoded lines are handed to the store in chunks of about this many bytes. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Builds one export: streams its records page by page (export-records.ts) into the file store, updating
 * the progress once per page, then marks it ready with its expiry. Safe to repeat (a retried job rewrites
 * the whole file under the same key); an export no longer pending or running is left alone.
 */
export async function buildDataExport(
  ctx: Ctx,
  files: FileStore,
  exportId: string,
): Promise<DataExport | null> {
  const [exp] = await ctx.db.query<DataExport>(
    `update data_exports set state = 'running', rows_done = 0, updated_at = $3
     where workspace_id = $1 and id = $2 and state in ('pending', 'running') returning ${EXPORT_COLUMNS}`,
    [ctx.workspaceId, exportId, ctx.clock.now()],
  );
  if (!exp) return null;
  const total = await countExportRows(ctx.db, ctx.workspaceId, exp.scope, exp.contact_id);
  await ctx.db.query('update data_exports set rows_total = $3 where workspace_id = $1 and id = $2', [
    ctx.workspaceId,
    exportId,
    total,
  ]);
  const key = fileKey(ctx.workspaceId, exportId);
  let done = 0;
  let bytes = 0;
  async function* body(): AsyncGenerator<Uint8Array> {
    const header = Buffer.from(exportHeader(exp!.format));
    bytes += header.length;
    if (header.length) yield header;
    let parts: string[] = [];
    let size = 0;
    for await (const page of exportRecords(ctx.db, ctx.workspaceId, exp!.scope, exp!.contact_id)) {
      for (const r of page) {
        const line = exportLine(exp!.format, r);
        parts.push(line);
        size += line.length;
        if (COUNTED.has(r.record)) done++;
        if (size >= CHUNK_BYTES) {
          const chunk = Buffer.from(parts.join(''));
          bytes += chunk.length;
          parts = [];
          size = 0;
          yield chunk;
        }
      }
      await ctx.db.query(
        'update data_exports set rows_done = $3, updated_at = $4 where workspace_id = $1 and id = $2',
        [ctx.workspaceId, exportId, Math.min(done, total), ctx.clock.now()],
      );
    }
    if (parts.length) {
      const chunk = Buffer.from(parts.join(''));
      bytes += chunk.length;
      yield chunk;
    }
  }
  await files.put(key, body());
  const now = ctx.clock.now();
  const [ready] = await ctx.db.query<DataExport>(
    `update data_exports set state = 'ready', rows_done = $3, rows_total = $3, bytes = $4, file_key = $5,
       ready_at = $6, expires_at = $7, updated_at = $6
     where workspace_id = $1 and id = $2 and state = 'running' returning ${EXPORT_COLUMNS}`,
    [ctx.workspaceId, exportId, done, bytes, key, now, new Date(now.getTime() + EXPORT_FILE_KEPT_MS)],
  );
  // Erased or deleted meanwhile: the file must not outlive the row.
  if (!ready) await files.delete(key);
  return ready ?? null;
}

/** The last attempt failed: the export says so (the job's error stays in the jobs table). */
export async function failDataExport(ctx: Ctx, exportId: string): Promise<void> {
  await ctx.db.query(
    `update data_exports set state = 'failed', error = 'build_failed', updated_at = $3
     where workspace_id = $1 and id = $2 and state in ('pending', 'running')`,
    [ctx.workspaceId, exportId, ctx.clock.now()],
  );
}
