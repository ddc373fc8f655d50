import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { emitEvent } from '../outbox/emit-event';

/**
 * Sets the contact's unsubscribed flag (from an unsubscribe link): contact.unsubscribed on the transition
 * only, so a repeated click (mail clients prefetch links) sends nothing more.
 */
export async function unsubscribeContact(ctx: Ctx, contactId: string): Promise<{ changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const [current] = await db.query<{ unsubscribed: boolean; external_id: string | null }>(
      'select unsubscribed, external_id from contacts where workspace_id = $1 and id = $2 for update',
      [ctx.workspaceId, contactId],
    );
    if (!current) throw notFound('contact');
    if (current.unsubscribed) return { changed: false };
    await db.query(
      'update contacts set unsubscribed = true, updated_at = $3 where workspace_id = $1 and id = $2',
      [ctx.workspaceId, contactId, now],
    );
    await emitEvent({ ...ctx, db }, 'contact.unsubscribed', {
      contact_id: contactId,
      external_id: current.external_id,
      unsubscribed_at: now.toISOString(),
    });
    return { changed: true };
  });
}
