import type { Sql } from '../db/db';

/** The first ticket of a workspace is T-1001. */
const FIRST_TICKET_NUMBER = 1001;

/**
 * The workspace's next ticket number and its reference (`T-1001`, `T-1002`, ...): one upsert of the counter
 * row, so parallel tickets never share a number (the row lock orders them). Call it in the ticket's
 * transaction: a rolled-back ticket gives its number back.
 */
export async function nextTicketNumber(
  db: Sql,
  workspaceId: string,
): Promise<{ number: number; reference: string }> {
  const [row] = await db.query<{ last_number: number }>(
    `insert into ticket_counters (workspace_id, last_number) values ($1, $2)
     on conflict (workspace_id) do update set last_number = ticket_counters.last_number + 1
     returning last_number`,
    [workspaceId, FIRST_TICKET_NUMBER],
  );
  const number = row!.last_number;
  return { number, reference: `T-${number}` };
}
