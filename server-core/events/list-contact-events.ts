import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import type { EventProperties } from './record-events';

/** A recorded contact event as the API reads it back. */
export interface ContactEvent {
  id: string;
  name: string;
  properties: EventProperties;
  occurred_at: Date;
  received_at: Date;
  /** Who recorded it: the public API (`api`) or the widget (`widget`). */
  source: 'api' | 'widget';
}

export interface ContactEventFilter {
  /** Only events with exactly this name. */
  name?: string;
  /** The id of the last event of the previous page (from its cursor), or null for the first page. */
  beforeId: string | null;
  limit: number;
}

/**
 * A contact's events, newest first by `occurred_at` (ties by id, newest first), so an event sent late with an
 * older time takes its place in the timeline. Keyset: the cursor names the last event shown and the next page
 * starts below its (occurred_at, id); a cursor whose event is gone (retention deletes the oldest first) ends
 * the list. Fetches limit + 1 so the caller knows whether there is a next page. A contact of another
 * workspace, or none, is not_found.
 */
export async function listContactEvents(
  ctx: Ctx,
  contactId: string,
  f: ContactEventFilter,
): Promise<ContactEvent[]> {
  const [contact] = await ctx.db.query('select 1 from contacts where workspace_id = $1 and id = $2', [
    ctx.workspaceId,
    contactId,
  ]);
  if (!contact) throw notFound('contact');
  return ctx.db.query<ContactEvent>(
    `select e.id, e.name, e.properties, e.occurred_at, e.received_at, e.source from contact_events e
     where e.workspace_id = $1 and e.contact_id = $2 and ($3::text is null or e.name = $3)
       and ($4::text is null or (e.occurred_at, e.id) < (
         select p.occurred_at, p.id from contact_events p
         where p.workspace_id = $1 and p.contact_id = $2 and p.id = $4))
     order by e.occurred_at desc, e.id desc limit $5`,
    [ctx.workspaceId, contactId, f.name ?? null, f.beforeId, f.limit + 1],
  );
}
