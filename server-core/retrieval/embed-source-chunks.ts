import type { Ctx } from '../context';
import { embeddingText, vectorLiteral } from './replace-source-chunks';
import type { Embedder, SourceKind } from './types';

export const EMBED_BATCH = 64;
/** A guard against a loop that cannot finish (each round must embed something or stop). */
const MAX_ROUNDS = 10_000;

/**
 * Embeds every chunk of a source whose vector is missing or of another model, a batch at a time, and
 * loops until none remain: chunks written while the job runs (the dedupe key kept a second job out)
 * are embedded by this one. A chunk replaced meanwhile has a new id; its stale update matches nothing.
 * Returns how many chunks got a vector and the vector lengths seen (the caller ensures their index).
 */
export async function embedSourceChunks(
  ctx: Ctx,
  embedder: Embedder,
  source: { kind: SourceKind; id: string },
  batch = EMBED_BATCH,
): Promise<{ embedded: number; dimensions: number[] }> {
  let total = 0;
  const dimensions = new Set<number>();
  let skipped: string[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const rows = await ctx.db.query<{
      id: string;
      source_title: string;
      heading: string | null;
      text: string;
    }>(
      `select id, source_title, heading, text from retrieval_chunks
       where workspace_id = $1 and source_kind = $2 and source_id = $3
         and (embedding is null or embedding_model is distinct from $4) and not (id = any($5::text[]))
       order by seq limit $6`,
      [ctx.workspaceId, source.kind, source.id, embedder.model, skipped, batch],
    );
    if (rows.length === 0) break;
    const vectors = await embedder.embed(rows.map((r) => embeddingText(r.source_title, r.heading, r.text)));
    const dim = vectors[0]?.length ?? 0;
    const updated = await ctx.db.query<{ id: string }>(
      `update retrieval_chunks c set embedding = v.embedding::real[], embedding_model = $3, embedding_dim = $4
       from unnest($2::text[], $5::text[]) as v(id, embedding)
       where c.workspace_id = $1 and c.id = v.id
       returning c.id`,
      [ctx.workspaceId, rows.map((r) => r.id), embedder.model, dim, vectors.map(vectorLiteral)],
    );
    total += updated.length;
    // Rows gone meanwhile are not selected again; rows still there but not updated would loop: skip them.
    const done = new Set(updated.map((u) => u.id));
    skipped = skipped.concat(rows.filter((r) => !done.has(r.id)).map((r) => r.id));
    if (dim > 0) dimensions.add(dim);
  }
  return { embedded: total, dimensions: [...dimensions] };
}
