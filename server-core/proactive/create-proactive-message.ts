import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import {
  type CampaignAudience,
  checkKindFields,
  PROACTIVE_COLUMNS,
  type ProactiveKind,
  type ProactiveMessage,
  type TriggerRules,
} from './proactive-message';

export interface NewProactiveMessage {
  kind: ProactiveKind;
  name: string;
  body: string;
  rules?: TriggerRules;
  audience?: CampaignAudience;
}

/** createProactiveMessage: a draft trigger message or campaign (publishProactiveMessage makes it live). */
export async function createProactiveMessage(
  ctx: Ctx,
  input: NewProactiveMessage,
): Promise<ProactiveMessage> {
  const rules = input.rules ?? {};
  const audience = input.audience ?? {};
  checkKindFields(input.kind, rules, audience);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const [row] = await db.query<ProactiveMessage>(
      `insert into proactive_messages (workspace_id, id, kind, name, body, rules, audience, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, 'draft', $8, $8)
       returning ${PROACTIVE_COLUMNS}`,
      [
        ctx.workspaceId,
        newId(now),
        input.kind,
        input.name,
        input.body,
        JSON.stringify(rules),
        JSON.stringify(audience),
        now,
      ],
    );
    await recordAudit(
      { ...ctx, db },
      {
        action: 'proactive_message.created',
        targetType: 'proactive_message',
        targetId: row!.id,
        data: { kind: input.kind },
      },
    );
    return row!;
  });
}
