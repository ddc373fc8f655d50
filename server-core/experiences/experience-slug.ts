import { slugify } from '../content/slug';
import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';

/** An experience slug: lower-case letters, digits and dashes, at most 80 characters. */
export const EXPERIENCE_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * The slug an experience gets, under a per-workspace lock for the rest of the transaction. A slug the
 * writer chose must be free (409 slug_taken); one derived from the name takes the first free `-2`, `-3`...
 */
export async function chooseExperienceSlug(
  ctx: Ctx,
  input: { slug?: string; name: string; exceptId?: string },
): Promise<string> {
  await ctx.db.query("select pg_advisory_xact_lock(hashtext('experiences:slug:' || $1))", [ctx.workspaceId]);
  const taken = async (slug: string) =>
    (
      await ctx.db.query('select 1 from experiences where workspace_id = $1 and slug = $2 and id <> $3', [
        ctx.workspaceId,
        slug,
        input.exceptId ?? '',
      ])
    ).length > 0;
  if (input.slug !== undefined) {
    if (!EXPERIENCE_SLUG.test(input.slug))
      throw new DomainError(
        'validation_failed',
        { field: 'slug', pattern: EXPERIENCE_SLUG.source },
        'slug must be lower-case letters, digits and dashes.',
      );
    if (await taken(input.slug)) throw new DomainError('slug_taken', { slug: input.slug });
    return input.slug;
  }
  const base = slugify(input.name, 76) || 'experience';
  if (!(await taken(base))) return base;
  const rows = await ctx.db.query<{ slug: string }>(
    'select slug from experiences where workspace_id = $1 and slug like $2 and id <> $3',
    [ctx.workspaceId, `${base}-%`, input.exceptId ?? ''],
  );
  const used = new Set(rows.map((r) => r.slug));
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
