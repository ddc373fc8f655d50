import { type Guide, loadGuide } from '../content/guide';
import type { Sql } from '../db/db';
import { parseUlid } from '../lib/ulid';

/**
 * What the hosted help center shows, by reader: published articles whose access level the reader may
 * see (public for everyone, authenticated for a signed-in reader, internal never) and published guides
 * by share mode (public for everyone, customers for a signed-in reader, private never).
 */
export type Reader = 'anonymous' | 'signed_in';

export const articleLevelsFor = (reader: Reader): string[] =>
  reader === 'signed_in' ? ['public', 'authenticated'] : ['public'];

export interface HelpCenterBrand {
  name: string;
  logo_url: string | null;
  brand_color: string | null;
}

export interface HomeCollection {
  name: string;
  slug: string | null;
  articles: { title: string; slug: string }[];
}

export async function helpCenterBrand(db: Sql, workspaceId: string): Promise<HelpCenterBrand> {
  const [row] = await db.query<HelpCenterBrand>(
    `select w.name, s.logo_url, s.brand_color from workspaces w
     left join widget_settings s on s.workspace_id = w.id where w.id = $1`,
    [workspaceId],
  );
  return row ?? { name: 'Help center', logo_url: null, brand_color: null };
}

/** Collections in order, each with its readable articles in order; articles outside any collection last. */
export async function helpCenterHome(
  db: Sql,
  workspaceId: string,
  reader: Reader,
): Promise<HomeCollection[]> {
  const rows = await db.query<{
    collection_name: string | null;
    collection_slug: string | null;
    title: string;
    slug: string;
  }>(
    `select c.name as collection_name, c.slug as collection_slug, a.title, a.slug
     from articles a left join article_collections c
       on c.workspace_id = a.workspace_id and c.id = a.collection_id
     where a.workspace_id = $1 and a.status = 'published' and a.access_level = any($2::text[])
     order by c.position nulls last, c.name nulls last, a.position, a.title
     limit 1000`,
    [workspaceId, articleLevelsFor(reader)],
  );
  const out: HomeCollection[] = [];
  for (const r of rows) {
    let last = out.at(-1);
    if (!last || last.slug !== r.collection_slug) {
      last = { name: r.collection_name ?? 'More articles', slug: r.collection_slug, articles: [] };
      out.push(last);
    }
    last.articles.push({ title: r.title, slug: r.slug });
  }
  return out;
}

export type ArticleRead =
  | { kind: 'article'; title: string; body: string; updated_at: Date }
  | { kind: 'sign_in_required' }
  | { kind: 'not_found' };

/** A published article by slug: readable, behind sign-in (authenticated, reader anonymous), or absent. */
export async function helpCenterArticle(
  db: Sql,
  workspaceId: string,
  slug: string,
  reader: Reader,
): Promise<ArticleRead> {
  const [row] = await db.query<{ title: string; body: string; updated_at: Date; access_level: string }>(
    `select title, body, updated_at, access_level from articles
     where workspace_id = $1 and slug = $2 and status = 'published'`,
    [workspaceId, slug],
  );
  if (!row || row.access_level === 'internal') return { kind: 'not_found' };
  if (!articleLevelsFor(reader).includes(row.access_level)) return { kind: 'sign_in_required' };
  return { kind: 'article', title: row.title, body: row.body, updated_at: row.updated_at };
}

export type GuideRead =
  | { kind: 'guide'; guide: Guide }
  | { kind: 'sign_in_required' }
  | { kind: 'not_found' };

/** A published guide by id and share mode: public for anyone, customers when signed in, private never. */
export async function helpCenterGuide(
  db: Sql,
  workspaceId: string,
  guideId: string,
  reader: Reader,
): Promise<GuideRead> {
  const id = parseUlid(guideId);
  if (!id) return { kind: 'not_found' };
  const guide = await loadGuide(db, workspaceId, id);
  if (guide?.status !== 'published' || guide.share_mode === 'private') return { kind: 'not_found' };
  if (guide.share_mode === 'customers' && reader !== 'signed_in') return { kind: 'sign_in_required' };
  return { kind: 'guide', guide };
}
