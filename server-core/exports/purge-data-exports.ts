import type { Sql } from '../db/db';
import type { FileStore } from '../files/file-store';

/**
 * Housekeeping: deletes the files of ready exports past their expiry (7 days after ready) and marks them
 * expired, in batches of 100 (the row stays for the list, without a file).
 */
export async function purgeExpiredDataExports(db: Sql, files: FileStore, now: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await db.query<{ workspace_id: string; id: string; file_key: string | null }>(
      `select workspace_id, id, file_key from data_exports where state = 'ready' and expires_at <= $1
       order by expires_at limit 100`,
      [now],
    );
    if (due.length === 0) return purged;
    for (const d of due) {
      if (d.file_key) await files.delete(d.file_key);
      await db.query(
        `update data_exports set state = 'expired', file_key = null, updated_at = $3
         where workspace_id = $1 and id = $2`,
        [d.workspace_id, d.id, now],
      );
      purged++;
    }
  }
}
