import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { PROACTIVE_COLUMNS, type ProactiveMessage } from './proactive-message';

/**
 * publishProactiveMessage / unpublishProactiveMessage: the status moves (a repeat answers the message as
 * it is, unchanged). Published trigger messages ride on the next widget boot; published campaigns are
 * considered at the next presence report.
 */
export async function setProactiveMessageStatus(
  ctx: Ctx,
  id: string,
  status: 'published' | 'draft',
): Promise<ProactiveMessage> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const [row] = await db.query<ProactiveMessage>(
      `update proactive_messages
       set status = $3, updated_at = case when status = $3 then updated_at else $4 end,
         published_at = case when $3 = 'published' then coalesce(published_at, $4) else null end
       where workspace_id = $1 and id = $2 returning ${PROACTIVE_COLUMNS}`,
      [ctx.workspaceId, id, status, now],
    );
    if (!row) throw notFound('proactive message');
    await recordAudit(
      { ...ctx, db },
      {
        action: status === 'published' ? 'proactive_message.published' : 'proactive_message.unpublished',
        targetType: 'proactive_message',
        targetId: id,
      },
    );
    return row;
  });
}
