import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';

/** How a writer names an article's collection: an existing id, or a slug found or created. */
export interface CollectionRef {
  collection_id?: string | null;
  collection_slug?: string;
  collection_name?: string;
}

/**
 * The collection id an article write names: `collection_id` must exist in the workspace
 * (unknown_collection otherwise); `collection_slug` is found or created (named `collection_name`, else
 * the slug's words). `undefined` when the write names none, `null` when it clears it.
 */
export async function resolveCollection(ctx: Ctx, ref: CollectionRef): Promise<string | null | undefined> {
  if (ref.collection_id !== undefined && ref.collection_slug !== undefined) {
    throw new DomainError(
      'validation_failed',
      {
        location: 'body',
        issues: [
          { path: 'collection_slug', code: 'exclusive', message: 'Give collection_id or collection_slug.' },
        ],
      },
      'Name the collection by collection_id or collection_slug, not both.',
    );
  }
  if (ref.collection_id === null) return null;
  if (ref.collection_id !== undefined) {
    const rows = await ctx.db.query<{ id: string }>(
      'select id from article_collections where workspace_id = $1 and id = $2',
      [ctx.workspaceId, ref.collection_id.toLowerCase()],
    );
    if (!rows[0]) {
      throw new DomainError('unknown_collection', { field: 'collection_id' });
    }
    return rows[0].id;
  }
  if (ref.collection_slug === undefined) return undefined;
  const slug = ref.collection_slug;
  const name =
    ref.collection_name?.trim() ||
    slug
      .split('-')
      .join(' ')
      .replace(/^./, (c) => c.toUpperCase());
  await ctx.db.query(
    `insert into article_collections (workspace_id, id, name, slug, created_at) values ($1, $2, $3, $4, $5)
     on conflict (workspace_id, slug) do nothing`,
    [ctx.workspaceId, newId(ctx.clock.now()), name, slug, ctx.clock.now()],
  );
  const [row] = await ctx.db.query<{ id: string }>(
    'select id from article_collections where workspace_id = $1 and slug = $2',
    [ctx.workspaceId, slug],
  );
  return row!.id;
}
