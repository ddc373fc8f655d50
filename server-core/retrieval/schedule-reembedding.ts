import type { Sql } from '../db/db';
import { enqueueJobs } from '../jobs/jobs';
import { EMBED_SOURCE_JOB, embedJobDedupeKey } from './replace-source-chunks';

/**
 * At start: every source holding a chunk without a vector of `model` (a changed EMBEDDINGS_MODEL, a new
 * offline recipe, or vectors a failed job never filled) gets an embedding job, in every workspace.
 * Search keeps working meanwhile: the vector path ignores other models' vectors and full-text serves.
 * Sources whose job is already pending or running are skipped by the dedupe key. Returns jobs added.
 */
export async function scheduleReembedding(db: Sql, model: string, now: Date): Promise<number> {
  const sources = await db.query<{ workspace_id: string; source_kind: string; source_id: string }>(
    `select distinct workspace_id, source_kind, source_id from retrieval_chunks
     where embedding is null or embedding_model is distinct from $1`,
    [model],
  );
  let added = 0;
  for (let i = 0; i < sources.length; i += 1000) {
    added += await enqueueJobs(
      db,
      sources.slice(i, i + 1000).map((s) => ({
        kind: EMBED_SOURCE_JOB,
        workspaceId: s.workspace_id,
        payload: { kind: s.source_kind, id: s.source_id },
        dedupeKey: embedJobDedupeKey(s.workspace_id, s.source_kind, s.source_id),
      })),
      now,
    );
  }
  return added;
}
