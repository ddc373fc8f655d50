import type { Sql } from '../db/db';
import { newId, newRandomId } from '../lib/ulid';

export interface Workspace {
  id: string;
  name: string;
  website_id: string;
  created_at: Date;
}

/** A new workspace with its own public website id (what the widget snippet carries). */
export async function createWorkspace(db: Sql, input: { name: string; now: Date }): Promise<Workspace> {
  const id = newId(input.now);
  const websiteId = newRandomId(input.now);
  const [row] = await db.query<Workspace>(
    `insert into workspaces (id, name, website_id, created_at, updated_at) values ($1, $2, $3, $4, $4)
     returning id, name, website_id, created_at`,
    [id, input.name, websiteId, input.now],
  );
  return row!;
}

export async function getWorkspace(db: Sql, workspaceId: string): Promise<Workspace | null> {
  const rows = await db.query<Workspace>(
    'select id, name, website_id, created_at from workspaces where id = $1',
    [workspaceId],
  );
  return rows[0] ?? null;
}
