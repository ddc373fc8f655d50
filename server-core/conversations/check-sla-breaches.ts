import { SYSTEM_ACTOR } from '../context';
import type { Sql } from '../db/db';
import { emitEvent } from '../outbox/emit-event';

interface Breach {
  workspace_id: string;
  id: string;
  reference: string | null;
  priority: string | null;
  deadline: Date;
}

/**
 * The worker's sweep (every workspace): each open ticket whose first-response or resolution target passed
 * gets its breach recorded and ticket.sla_breached (sla `first_response` or `resolution`, breached_at the
 * deadline) exactly once per target: the conditional update claims it, so two workers never both send it.
 * A first response given, or a ticket resolved, before its deadline never breaches that target.
 */
export async function checkSlaBreaches(db: Sql, now: Date): Promise<number> {
  return db.tx(async (tx) => {
    const firstResponse = await tx.query<Breach>(
      `with due as (
         select c.workspace_id, c.id, c.ticket_opened_at + make_interval(mins => t.first_response_minutes) as deadline
         from conversations c join sla_targets t on t.workspace_id = c.workspace_id and t.priority = c.priority
         where c.kind = 'ticket' and c.state <> 'resolved' and c.sla_first_response_breached_at is null
           and c.first_response_at is null and t.first_response_minutes is not null
           and c.ticket_opened_at + make_interval(mins => t.first_response_minutes) <= $1
         for update of c skip locked)
       update conversations c set sla_first_response_breached_at = due.deadline
       from due where c.workspace_id = due.workspace_id and c.id = due.id
       returning c.workspace_id, c.id, c.reference, c.priority, due.deadline`,
      [now],
    );
    const resolution = await tx.query<Breach>(
      `with due as (
         select c.workspace_id, c.id, c.ticket_opened_at + make_interval(mins => t.resolution_minutes) as deadline
         from conversations c join sla_targets t on t.workspace_id = c.workspace_id and t.priority = c.priority
         where c.kind = 'ticket' and c.state <> 'resolved' and c.sla_resolution_breached_at is null
           and t.resolution_minutes is not null
           and c.ticket_opened_at + make_interval(mins => t.resolution_minutes) <= $1
         for update of c skip locked)
       update conversations c set sla_resolution_breached_at = due.deadline
       from due where c.workspace_id = due.workspace_id and c.id = due.id
       returning c.workspace_id, c.id, c.reference, c.priority, due.deadline`,
      [now],
    );
    const all = [
      ...firstResponse.map((b) => ({ ...b, sla: 'first_response' })),
      ...resolution.map((b) => ({ ...b, sla: 'resolution' })),
    ];
    for (const b of all) {
      await emitEvent(
        { db: tx, clock: { now: () => now }, workspaceId: b.workspace_id, actor: SYSTEM_ACTOR },
        'ticket.sla_breached',
        {
          ticket_id: b.id,
          reference: b.reference,
          priority: b.priority,
          sla: b.sla,
          breached_at: new Date(b.deadline).toISOString(),
        },
      );
    }
    return all.length;
  });
}
