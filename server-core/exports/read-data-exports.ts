import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { type DataExport, EXPORT_COLUMNS } from './data-export';

/** The workspace's exports, newest first (keyset on id). */
export function listDataExports(
  ctx: Ctx,
  page: { limit: number; beforeId?: string | null },
): Promise<DataExport[]> {
  return ctx.db.query<DataExport>(
    `select ${EXPORT_COLUMNS} from data_exports where workspace_id = $1 and ($2::text is null or id < $2)
     order by id desc limit $3`,
    [ctx.workspaceId, page.beforeId ?? null, page.limit + 1],
  );
}

/** One export of the workspace, or not_found. */
export async function getDataExport(ctx: Ctx, exportId: string): Promise<DataExport> {
  const [row] = await ctx.db.query<DataExport>(
    `select ${EXPORT_COLUMNS} from data_exports where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, exportId],
  );
  if (!row) throw notFound('data export');
  return row;
}
