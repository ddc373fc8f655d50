import type { Sql } from '../../db/db';
import type { PublishedRow } from './experience-index';

/** One query: every published experience of the workspace with its live version's definition. */
export function loadPublishedRows(db: Sql, workspaceId: string): Promise<PublishedRow[]> {
  return db.query<PublishedRow>(
    `select e.id, e.type, e.name, v.id as version_id, v.definition, v.published_at
     from experiences e
     join experience_versions v on v.workspace_id = e.workspace_id and v.id = e.live_version_id
     where e.workspace_id = $1 and e.status = 'published'`,
    [workspaceId],
  );
}

/** The tour steps of older versions (sessions keep the version they started on), by version id. */
export function loadVersionContents(
  db: Sql,
  workspaceId: string,
  versionIds: readonly string[],
): Promise<{ id: string; content: unknown }[]> {
  return db.query<{ id: string; content: unknown }>(
    `select id, definition -> 'content' as content from experience_versions
     where workspace_id = $1 and id = any($2::text[])`,
    [workspaceId, versionIds],
  );
}
