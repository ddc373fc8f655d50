import type { Ctx } from '../context';
import { DAY } from '../lib/clock';

/** How far back a name counts as in use: the rule pickers offer names recorded in the last 90 days. */
export const EVENT_NAMES_WINDOW_MS = 90 * DAY;
/** The most names one answer carries (alphabetical); a picker offering more is no longer a picker. */
export const EVENT_NAMES_MAX = 1000;

export interface ContactEventName {
  name: string;
  /** When an event of this name was last recorded (received). */
  last_received_at: Date;
}

/**
 * The event names the workspace recorded in the last 90 days, alphabetical, at most EVENT_NAMES_MAX.
 * Answered from the index contact_events_name_idx (workspace_id, name, received_at) alone, never a scan
 * of the events: a recursive skip scan steps from one distinct name to the next (one index probe each),
 * and each name's latest received_at is the last entry of its range (one more probe). The cost grows
 * with the number of distinct names retained, not with the number of events.
 */
export async function listContactEventNames(ctx: Ctx): Promise<ContactEventName[]> {
  const since = new Date(ctx.clock.now().getTime() - EVENT_NAMES_WINDOW_MS);
  return ctx.db.query<ContactEventName>(
    `with recursive names(name) as (
       (select name from contact_events where workspace_id = $1 order by name limit 1)
       union all
       select (select e.name from contact_events e where e.workspace_id = $1 and e.name > n.name
               order by e.name limit 1)
       from names n where n.name is not null
     ),
     latest as (
       select n.name, (select max(e.received_at) from contact_events e
                       where e.workspace_id = $1 and e.name = n.name) as last_received_at
       from names n where n.name is not null
     )
     select name, last_received_at from latest where last_received_at >= $2 order by name limit $3`,
    [ctx.workspaceId, since, EVENT_NAMES_MAX],
  );
}
