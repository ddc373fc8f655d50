import type { Sql } from '../db/db';
import { newId } from '../lib/ulid';

/** Inserts a help-center article (the article operations belong to another issue). */
export async function insertArticle(
  db: Sql,
  workspaceId: string,
  a: { title: string; slug: string; body: string; access_level?: string; status?: string; position?: number },
  now = new Date(),
): Promise<string> {
  const id = newId(now);
  await db.query(
    `insert into articles (workspace_id, id, title, slug, body, access_level, status, position, published_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      workspaceId,
      id,
      a.title,
      a.slug,
      a.body,
      a.access_level ?? 'public',
      a.status ?? 'published',
      a.position ?? 0,
      (a.status ?? 'published') === 'published' ? now : null,
      now,
    ],
  );
  return id;
}
