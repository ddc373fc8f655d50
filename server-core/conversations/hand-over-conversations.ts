import type { Ctx } from '../context';

/**
 * The hand-over on user.set: the conversations an anonymous visitor started (no contact yet) become the
 * verified contact's, so they follow the person to its other browsers and into staff's view of the contact.
 * A conversation that already has a contact keeps it (a shared computer identifying as someone else does
 * not move the first person's conversations). Returns the ids handed over.
 */
export async function handOverVisitorConversations(
  ctx: Ctx,
  input: { visitorId: string; contactId: string },
): Promise<string[]> {
  const rows = await ctx.db.query<{ id: string }>(
    `update conversations set contact_id = $3, updated_at = $4
     where workspace_id = $1 and widget_visitor_id = $2 and contact_id is null returning id`,
    [ctx.workspaceId, input.visitorId, input.contactId, ctx.clock.now()],
  );
  return rows.map((r) => r.id);
}
