import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import {
  type CampaignAudience,
  checkKindFields,
  PROACTIVE_COLUMNS,
  type ProactiveMessage,
  type TriggerRules,
} from './proactive-message';

export interface ProactiveMessagePatch {
  name?: string;
  body?: string;
  rules?: TriggerRules;
  audience?: CampaignAudience;
}

/**
 * updateProactiveMessage: fields not sent are kept; rules and audience are replaced whole. A published
 * message changes live (a campaign already claimed by a contact is not sent to it again).
 */
export async function updateProactiveMessage(
  ctx: Ctx,
  id: string,
  patch: ProactiveMessagePatch,
): Promise<ProactiveMessage> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const [current] = await db.query<ProactiveMessage>(
      `select ${PROACTIVE_COLUMNS} from proactive_messages where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, id],
    );
    if (!current) throw notFound('proactive message');
    const next = { ...current, ...patch };
    checkKindFields(current.kind, next.rules, next.audience);
    const [row] = await db.query<ProactiveMessage>(
      `update proactive_messages set name = $3, body = $4, rules = $5::jsonb, audience = $6::jsonb, updated_at = $7
       where workspace_id = $1 and id = $2 returning ${PROACTIVE_COLUMNS}`,
      [
        ctx.workspaceId,
        id,
        next.name,
        next.body,
        JSON.stringify(next.rules),
        JSON.stringify(next.audience),
        now,
      ],
    );
    await recordAudit(
      { ...ctx, db },
      {
        action: 'proactive_message.updated',
        targetType: 'proactive_message',
        targetId: id,
        data: { fields: Object.keys(patch) },
      },
    );
    return row!;
  });
}
