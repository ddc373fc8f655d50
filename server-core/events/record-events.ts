import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { checkEventName, checkEventProperties } from './event-rules';

export type EventProperties = Record<string, string | number | boolean | null>;

export interface ResolvedEvent {
  contactId: string;
  name: string;
  properties: EventProperties;
  occurredAt: Date;
}

/** Writes events of known contacts in one statement (the caller has checked every rule). */
export async function insertContactEvents(
  ctx: Ctx,
  events: ResolvedEvent[],
  source: 'api' | 'widget',
): Promise<void> {
  if (events.length === 0) return;
  const now = ctx.clock.now();
  await ctx.db.query(
    `insert into contact_events (workspace_id, id, contact_id, name, properties, occurred_at, received_at, source)
     select $1, e.id, e.contact_id, e.name, e.properties::jsonb, e.occurred_at, $2, $3
     from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]::timestamptz[])
       as e(id, contact_id, name, properties, occurred_at)`,
    [
      ctx.workspaceId,
      now,
      source,
      events.map(() => newId(now)),
      events.map((e) => e.contactId),
      events.map((e) => e.name),
      events.map((e) => JSON.stringify(e.properties)),
      events.map((e) => e.occurredAt.toISOString()),
    ],
  );
}

/**
 * One event from the widget for the contact the visitor's verified identity names (never a person
 * named by the page). Invalid input is invalid_event naming the rule.
 */
export async function recordWidgetEvent(
  ctx: Ctx,
  input: { contactId: string; name: unknown; properties?: unknown },
): Promise<void> {
  const broken = checkEventName(input.name) ?? checkEventProperties(input.properties);
  if (broken)
    throw new DomainError('invalid_event', { field: broken.field, rule: broken.rule }, broken.message);
  await insertContactEvents(
    ctx,
    [
      {
        contactId: input.contactId,
        name: input.name as string,
        properties: (input.properties ?? {}) as EventProperties,
        occurredAt: ctx.clock.now(),
      },
    ],
    'widget',
  );
}

/** Retention: 13 months. Deletes in batches so a large backlog never holds one long transaction. */
export async function purgeExpiredContactEvents(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  batch = 10_000,
): Promise<number> {
  const cutoff = new Date(ctx.clock.now());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - 13);
  let total = 0;
  for (;;) {
    const rows = await ctx.db.query(
      `delete from contact_events where (workspace_id, id) in (
         select workspace_id, id from contact_events where occurred_at < $1 limit $2) returning id`,
      [cutoff, batch],
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}
