import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { slugify } from './slug';

/** Serialises slug choices within a workspace for the rest of the transaction. */
export async function lockArticleSlugs(ctx: Ctx): Promise<void> {
  await ctx.db.query("select pg_advisory_xact_lock(hashtext('articles:slug:' || $1))", [ctx.workspaceId]);
}

/**
 * The slug an article gets, under lockArticleSlugs. A slug the writer chose must be free (slug_taken);
 * one derived from the title takes the first free `-2`, `-3`... suffix.
 */
export async function chooseArticleSlug(
  ctx: Ctx,
  input: { slug?: string; title: string; exceptId?: string },
): Promise<string> {
  const taken = async (slug: string) =>
    (
      await ctx.db.query('select 1 from articles where workspace_id = $1 and slug = $2 and id <> $3', [
        ctx.workspaceId,
        slug,
        input.exceptId ?? '',
      ])
    ).length > 0;
  if (input.slug !== undefined) {
    if (await taken(input.slug)) {
      throw new DomainError('slug_taken', { slug: input.slug });
    }
    return input.slug;
  }
  const base = slugify(input.title) || 'article';
  if (!(await taken(base))) return base;
  const rows = await ctx.db.query<{ slug: string }>(
    `select slug from articles where workspace_id = $1 and slug like $2 and id <> $3`,
    [ctx.workspaceId, `${base}-%`, input.exceptId ?? ''],
  );
  const used = new Set(rows.map((r) => r.slug));
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
