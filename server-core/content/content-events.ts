import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { emitEvent } from '../outbox/emit-event';
import type { Audience } from '../retrieval/types';

export type ContentType = 'article' | 'guide';

/**
 * content.published and its audit entry, in the caller's transaction. Event data is the allowlist of
 * the catalog: type, id, audience, time; never a title or body.
 */
export async function announcePublished(
  ctx: Ctx,
  content: { type: ContentType; id: string; audience: Audience; at: Date },
): Promise<void> {
  await emitEvent(ctx, 'content.published', {
    content_type: content.type,
    content_id: content.id,
    audience: content.audience,
    published_at: content.at.toISOString(),
  });
  await recordAudit(ctx, {
    action: `${content.type}.published`,
    targetType: content.type,
    targetId: content.id,
    data: { audience: content.audience },
  });
}

/** content.retracted and its audit entry, in the caller's transaction. */
export async function announceRetracted(
  ctx: Ctx,
  content: { type: ContentType; id: string; audience: Audience; at: Date },
): Promise<void> {
  await emitEvent(ctx, 'content.retracted', {
    content_type: content.type,
    content_id: content.id,
    audience: content.audience,
    retracted_at: content.at.toISOString(),
  });
  await recordAudit(ctx, {
    action: `${content.type}.unpublished`,
    targetType: content.type,
    targetId: content.id,
    data: { audience: content.audience },
  });
}
