import type { Sql } from '../db/db';
import { newId } from '../lib/ulid';
import { getDemoWorkspaceId } from './demo-seed';

export const DEMO_TRIGGER_BODY = 'Looking around? Ask us anything here.';

/**
 * The demo's trigger message: on /demo after 5 seconds on the page, once per browser (the widget keeps
 * that). Written once: a demo workspace that already has a proactive message is left as it is.
 */
export async function ensureDemoProactive(db: Sql, now: Date): Promise<void> {
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return;
  await db.query(
    `insert into proactive_messages (workspace_id, id, kind, name, body, rules, audience, status, published_at, created_at, updated_at)
     select $1, $2, 'trigger', 'Demo page help', $3, $4::jsonb, '{}'::jsonb, 'published', $5, $5, $5
     where not exists (select 1 from proactive_messages where workspace_id = $1)`,
    [
      workspaceId,
      newId(now),
      DEMO_TRIGGER_BODY,
      JSON.stringify({ url: { match: 'exact', value: '/demo' }, time_on_page_seconds: 5 }),
      now,
    ],
  );
}
