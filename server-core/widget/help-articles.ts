import { markdownSections } from '../content/markdown-sections';
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
/** How much of a body is read for its excerpt: a search lists ten bodies of up to 200,000 characters. */
const EXCERPT_SOURCE_CHARS = 4_000;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm;

/**
 * The start of a long body, cut at a paragraph break, with the document's link reference definitions
 * (`[1]: https://…`, usually at the end) so `[words][1]` near the top still reads as words.
 */
function leadingMarkdown(body: string): string {
  if (body.length <= EXCERPT_SOURCE_CHARS) return body;
  const head = body.slice(0, EXCERPT_SOURCE_CHARS);
  const cut = head.lastIndexOf('\n\n');
  const references = body.slice(EXCERPT_SOURCE_CHARS).match(REFERENCE_DEFINITION) ?? [];
  return `${cut > EXCERPT_SOURCE_CHARS / 2 ? head.slice(0, cut) : head}\n\n${references.join('\n')}`;
}

/** Letters and digits only, each matched as a prefix: "reset passw" finds "Resetting your password". */
export function toPrefixQuery(q: string): string | null {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Plain text for a result line: the body read by the Markdown parser (markdown-sections.ts), so no
 * syntax shows; section headings are left out (the line is no outline) and never run into the text
 * around them. Whitespace collapsed, cut at a word.
 */
export function excerptOf(body: string): string {
  const text = markdownSections(leadingMarkdown(body))
    .map((s) => s.text)
    .join(' ')
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

/** One published article by slug, if the audience may see it; otherwise not_found (never a refusal). */
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
