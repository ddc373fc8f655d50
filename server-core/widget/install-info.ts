import type { Sql } from '../db/db';
import { notFound } from '../lib/errors';
import { buildAgentInstructions } from './agent-instructions';
import { buildSnippet } from './snippet';
import { getWidgetSettings } from './widget-settings';

export interface InstallInfo {
  website_id: string;
  snippet: string | null;
  installed: boolean;
  installed_at: Date | null;
  agent_instructions: string;
}

/** Install info of a workspace, found by its id (portal) or its website id (widget). */
export async function getInstallInfo(
  db: Sql,
  by: { workspaceId: string } | { websiteId: string },
  urls: { cdnUrl: string | null; apiUrl: string },
): Promise<InstallInfo> {
  const [ws] =
    'workspaceId' in by
      ? await db.query<{ id: string; website_id: string }>(
          'select id, website_id from workspaces where id = $1',
          [by.workspaceId],
        )
      : await db.query<{ id: string; website_id: string }>(
          'select id, website_id from workspaces where website_id = $1',
          [by.websiteId],
        );
  if (!ws) throw notFound('website');
  const settings = await getWidgetSettings(db, ws.id);
  const snippet = buildSnippet(urls.cdnUrl, ws.website_id);
  return {
    website_id: ws.website_id,
    snippet,
    installed: settings.installed_at !== null,
    installed_at: settings.installed_at,
    agent_instructions: buildAgentInstructions({
      websiteId: ws.website_id,
      snippet,
      cdnUrl: urls.cdnUrl,
      apiUrl: urls.apiUrl,
    }),
  };
}
