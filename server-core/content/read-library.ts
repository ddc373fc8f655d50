import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import type { Page } from './add-page';
import type { Upload } from './add-upload';
import { ARTICLE_COLUMNS, type Article, type ContentStatus } from './article';
import { type Guide, type GuideRow, loadGuide } from './guide';

/**
 * What the staff console lists and reads of the workspace's content, drafts included (the public and
 * widget reads see published content only: read-published.ts). Lists are newest first by id and fetch
 * limit + 1 so the caller knows whether there is a next page.
 */

export interface ArticleFilter {
  status?: ContentStatus;
  collectionId?: string;
  /** Words of the title or slug (case-insensitive substring). */
  q?: string;
  beforeId: string | null;
  limit: number;
}

/** `%` and `_` are literal in a search term. */
const likeTerm = (q: string | undefined) => (q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

export async function listArticles(ctx: Ctx, f: ArticleFilter): Promise<Article[]> {
  return ctx.db.query<Article>(
    `select ${ARTICLE_COLUMNS} from articles
     where workspace_id = $1 and ($2::text is null or id < $2) and ($3::text is null or status = $3)
       and ($4::text is null or collection_id = $4) and ($5::text is null or title ilike $5 or slug ilike $5)
     order by id desc limit $6`,
    [ctx.workspaceId, f.beforeId, f.status ?? null, f.collectionId ?? null, likeTerm(f.q), f.limit + 1],
  );
}

/** An article of the workspace in any status (drafts are what the console edits). */
export async function getWorkspaceArticle(ctx: Ctx, articleId: string): Promise<Article> {
  const [row] = await ctx.db.query<Article>(
    `select ${ARTICLE_COLUMNS} from articles where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, articleId],
  );
  if (!row) throw notFound('article');
  return row;
}

export interface CollectionSummary {
  id: string;
  name: string;
  slug: string;
  position: number;
  article_count: number;
  published_count: number;
  created_at: Date;
}

/** Every collection of the workspace with its article counts, in position then name order. */
export async function listCollections(ctx: Ctx): Promise<CollectionSummary[]> {
  return ctx.db.query<CollectionSummary>(
    `select c.id, c.name, c.slug, c.position, c.created_at,
       (select count(*)::int from articles a where a.workspace_id = c.workspace_id and a.collection_id = c.id) as article_count,
       (select count(*)::int from articles a where a.workspace_id = c.workspace_id and a.collection_id = c.id
          and a.status = 'published') as published_count
     from article_collections c where c.workspace_id = $1 order by c.position, c.name, c.id`,
    [ctx.workspaceId],
  );
}

export type GuideSummary = GuideRow & { step_count: number };

export async function listGuides(
  ctx: Ctx,
  f: { status?: ContentStatus; beforeId: string | null; limit: number },
): Promise<GuideSummary[]> {
  return ctx.db.query<GuideSummary>(
    `select g.id, g.title, g.description, g.status, g.share_mode, g.language, g.verified_at, g.brand_profile_id,
       g.brand, g.capture_session_id, g.capture, g.published_at, g.created_at, g.updated_at,
       (select count(*)::int from guide_steps s where s.workspace_id = g.workspace_id and s.guide_id = g.id) as step_count
     from guides g where g.workspace_id = $1 and ($2::text is null or g.id < $2) and ($3::text is null or g.status = $3)
     order by g.id desc limit $4`,
    [ctx.workspaceId, f.beforeId, f.status ?? null, f.limit + 1],
  );
}

/** A guide of the workspace with its steps, in any status. */
export async function getWorkspaceGuide(ctx: Ctx, guideId: string): Promise<Guide> {
  const guide = await loadGuide(ctx.db, ctx.workspaceId, guideId);
  if (!guide) throw notFound('guide');
  return guide;
}

const chunkCount = (kind: 'page' | 'upload', alias: string) =>
  `(select count(*)::int from retrieval_chunks r where r.workspace_id = ${alias}.workspace_id
     and r.source_kind = '${kind}' and r.source_id = ${alias}.id) as chunk_count`;

export type PageSummary = Page & { chunk_count: number };
export type PageDetail = PageSummary & { html: string };

export async function listPages(
  ctx: Ctx,
  f: { beforeId: string | null; limit: number },
): Promise<PageSummary[]> {
  return ctx.db.query<PageSummary>(
    `select p.id, p.url, p.title, p.audience, p.created_at, p.updated_at, ${chunkCount('page', 'p')}
     from pages p where p.workspace_id = $1 and ($2::text is null or p.id < $2) order by p.id desc limit $3`,
    [ctx.workspaceId, f.beforeId, f.limit + 1],
  );
}

export async function getPage(ctx: Ctx, pageId: string): Promise<PageDetail> {
  const [row] = await ctx.db.query<PageDetail>(
    `select p.id, p.url, p.title, p.html, p.audience, p.created_at, p.updated_at, ${chunkCount('page', 'p')}
     from pages p where p.workspace_id = $1 and p.id = $2`,
    [ctx.workspaceId, pageId],
  );
  if (!row) throw notFound('page');
  return row;
}

export type UploadSummary = Upload & { chunk_count: number };
export type UploadDetail = UploadSummary & { text: string };

export async function listUploads(
  ctx: Ctx,
  f: { beforeId: string | null; limit: number },
): Promise<UploadSummary[]> {
  return ctx.db.query<UploadSummary>(
    `select u.id, u.filename, u.media_type, u.byte_size, u.title, u.audience, u.created_at, ${chunkCount('upload', 'u')}
     from uploads u where u.workspace_id = $1 and ($2::text is null or u.id < $2) order by u.id desc limit $3`,
    [ctx.workspaceId, f.beforeId, f.limit + 1],
  );
}

export async function getUpload(ctx: Ctx, uploadId: string): Promise<UploadDetail> {
  const [row] = await ctx.db.query<UploadDetail>(
    `select u.id, u.filename, u.media_type, u.byte_size, u.title, u.text, u.audience, u.created_at,
       ${chunkCount('upload', 'u')}
     from uploads u where u.workspace_id = $1 and u.id = $2`,
    [ctx.workspaceId, uploadId],
  );
  if (!row) throw notFound('upload');
  return row;
}
