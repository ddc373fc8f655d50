import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { emitEvent } from '../outbox/emit-event';
import type { Audience } from '../retrieval/types';

export type ContentType = 'article' | 'guide';

const CHANGES = {
  published: { event: 'content.published', at: 'published_at', action: 'published' },
  retracted: { event: 'content.retracted', at: 'retracted_at', action: 'unpublished' },
} as const;

/**
 * content.published or content.retracted and its audit entry, in the caller's transaction. Event data
 * is the allowlist of the catalog: type, id, audience, time; never a title or body.
 */
export async function announce(
  ctx: Ctx,
  change: keyof typeof CHANGES,
  content: { type: ContentType; id: string; audience: Audience; at: Date },
): Promise<void> {
  const { event, at, action } = CHANGES[change];
  await emitEvent(ctx, event, {
    content_type: content.type,
    content_id: content.id,
    audience: content.audience,
    [at]: content.at.toISOString(),
  });
  await recordAudit(ctx, {
    action: `${content.type}.${action}`,
    targetType: content.type,
    targetId: content.id,
    data: { audience: content.audience },
  });
}
