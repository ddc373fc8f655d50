import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { PROACTIVE_COLUMNS, type ProactiveMessage } from './proactive-message';

/** listProactiveMessages: newest first, drafts included (limit + 1 rows: the caller pages). */
export async function listProactiveMessages(
  ctx: Ctx,
  page: { limit: number; beforeId: string | null },
): Promise<ProactiveMessage[]> {
  return ctx.db.query<ProactiveMessage>(
    `select ${PROACTIVE_COLUMNS} from proactive_messages
     where workspace_id = $1 and ($2::text is null or id < $2) order by id desc limit $3`,
    [ctx.workspaceId, page.beforeId, page.limit + 1],
  );
}

/** getProactiveMessage: one message of the workspace, else not_found. */
export async function getProactiveMessage(ctx: Ctx, id: string): Promise<ProactiveMessage> {
  const [row] = await ctx.db.query<ProactiveMessage>(
    `select ${PROACTIVE_COLUMNS} from proactive_messages where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, id],
  );
  if (!row) throw notFound('proactive message');
  return row;
}

/** The published trigger messages, for the boot config (the browser evaluates their rules). */
export async function publishedTriggerMessages(
  ctx: Pick<Ctx, 'db' | 'workspaceId'>,
): Promise<Pick<ProactiveMessage, 'id' | 'body' | 'rules'>[]> {
  return ctx.db.query(
    `select id, body, rules from proactive_messages
     where workspace_id = $1 and kind = 'trigger' and status = 'published' order by id limit 20`,
    [ctx.workspaceId],
  );
}
