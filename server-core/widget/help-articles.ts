import type { Ctx } from '../context';
import { notFound } from '../lib/errors';

/**
 * The widget's Help tab: full-text search and reads over published help-center articles (the hybrid
 * retrieval of the retrieval issue replaces the search when it lands). Audience: an anonymous visitor
 * sees public articles; a verified visitor public and authenticated ones; internal ones never.
 */
export type HelpAudience = 'anonymous' | 'verified';

export const accessLevelsFor = (audience: HelpAudience): string[] =>
  audience === 'verified' ? ['public', 'authenticated'] : ['public'];

export interface HelpArticleHit {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
}

export interface HelpArticle {
  id: string;
  slug: string;
  title: string;
  body: string;
  updated_at: Date;
}

export const MAX_HELP_RESULTS = 10;
const EXCERPT_CHARS = 160;

/** Letters and digits only, each matched as a prefix: "reset passw" finds "Resetting your password". */
export function toPrefixQuery(q: string): string | null {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** Plain text for a result line: Markdown marks dropped, whitespace collapsed, cut at a word. */
export function excerptOf(body: string): string {
  const text = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*]|\d+[.)])\s+/gm, '')
    .replace(/[*_`>#]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_CHARS - 20))}…`;
}

const DOCUMENT = `setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')`;

/** Published articles the audience may see that match q (best first); without q, in help-center order. */
export async function searchHelpArticles(
  ctx: Ctx,
  input: { q: string | undefined; audience: HelpAudience },
): Promise<HelpArticleHit[]> {
  const levels = accessLevelsFor(input.audience);
  const query = input.q === undefined ? null : toPrefixQuery(input.q);
  if (input.q !== undefined && query === null) return [];
  const rows = query
    ? await ctx.db.query<{ id: string; slug: string; title: string; body: string }>(
        `select id, slug, title, body from articles
         where workspace_id = $1 and status = 'published' and access_level = any($2::text[])
           and (${DOCUMENT}) @@ to_tsquery('english', $3)
         order by ts_rank(${DOCUMENT}, to_tsquery('english', $3)) desc, id desc limit $4`,
        [ctx.workspaceId, levels, query, MAX_HELP_RESULTS],
      )
    : await ctx.db.query<{ id: string; slug: string; title: string; body: string }>(
        `select id, slug, title, body from articles
         where workspace_id = $1 and status = 'published' and access_level = any($2::text[])
         order by position, title, id limit $3`,
        [ctx.workspaceId, levels, MAX_HELP_RESULTS],
      );
  return rows.map((r) => ({ id: r.id, slug: r.slug, title: r.title, excerpt: excerptOf(r.body) }));
}

/** One published article by slug, if the audience may see it; otherwise 404 (never 403). */
export async function getHelpArticle(
  ctx: Ctx,
  input: { slug: string; audience: HelpAudience },
): Promise<HelpArticle> {
  const rows = await ctx.db.query<HelpArticle>(
    `select id, slug, title, body, coalesce(published_at, updated_at) as updated_at from articles
     where workspace_id = $1 and slug = $2 and status = 'published' and access_level = any($3::text[])`,
    [ctx.workspaceId, input.slug, accessLevelsFor(input.audience)],
  );
  if (!rows[0]) throw notFound('article');
  return rows[0];
}
