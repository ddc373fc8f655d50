import type { Ctx } from '../context';
import { embedSourceChunks } from '../retrieval/embed-source-chunks';
import type { Embedder, SourceKind } from '../retrieval/types';

/**
 * What the retrieval.embed_source job would do for one source, done now: a test that searches by meaning
 * right after indexing needs the vectors a non-inline embedder (the default use-lite) leaves to the job.
 */
export async function embedNow(ctx: Ctx, embedder: Embedder, source: { kind: SourceKind; id: string }) {
  if (!embedder.inline) await embedSourceChunks(ctx, embedder, source);
}
