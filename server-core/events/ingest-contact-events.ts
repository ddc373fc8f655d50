import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { pathText, type Unstorable } from '../lib/storable';
import { parseUlid } from '../lib/ulid';
import { normalizeEmail } from '../members/users';
import { checkEventName, checkEventProperties, checkOccurredAt, type RuleBreak } from './event-rules';
import { type EventProperties, insertContactEvents, type ResolvedEvent } from './record-events';

export const MAX_EVENTS_PER_BATCH = 100;

export interface IncomingEvent {
  name: string;
  contact_id?: string;
  external_id?: string;
  email?: string;
  properties?: EventProperties;
  occurred_at?: string;
}

export interface IngestResult {
  accepted: number;
  rejected: { index: number; code: 'contact_not_found'; message: string }[];
}

function malformed(index: number, broken: RuleBreak): DomainError<'invalid_event_batch'> {
  return new DomainError(
    'invalid_event_batch',
    { index, field: broken.field, rule: broken.rule },
    `Event ${index}: ${broken.message}`,
  );
}

/**
 * A value inside event `index` that the edge refuses to store (U+0000, a lone surrogate, a reserved key):
 * answered like any malformed event, so the batch stays all-or-nothing and names the event and rule.
 * `found.path` starts at the batch (`events`, index, ...).
 */
export function unstorableEvent(index: number, found: Unstorable): DomainError<'invalid_event_batch'> {
  const field = pathText(found.path.slice(2)) || 'event';
  return malformed(index, { field, rule: found.rule, message: found.message });
}

function identifierOf(
  e: IncomingEvent,
): { by: 'contact_id' | 'external_id' | 'email'; value: string } | null {
  if (e.contact_id !== undefined && e.contact_id !== '') return { by: 'contact_id', value: e.contact_id };
  if (e.external_id !== undefined && e.external_id !== '') return { by: 'external_id', value: e.external_id };
  if (e.email !== undefined && e.email !== '') return { by: 'email', value: e.email };
  return null;
}

/**
 * A batch of contact events (spec 4.2). The whole batch is checked first: any malformed event answers
 * invalid_event_batch with its index and rule and nothing is written. Then each event's contact is resolved by the
 * most specific identifier given (contact_id, then external_id, then email); an unknown or foreign
 * contact is listed in rejected as contact_not_found and the others are written. Contacts are never created.
 */
export async function ingestContactEvents(ctx: Ctx, events: IncomingEvent[]): Promise<IngestResult> {
  if (events.length < 1 || events.length > MAX_EVENTS_PER_BATCH) {
    throw new DomainError(
      'invalid_event_batch',
      { field: 'events', rule: 'batch_size', count: events.length },
      `Send 1 to ${MAX_EVENTS_PER_BATCH} events.`,
    );
  }
  const now = ctx.clock.now();
  const checked = events.map((e, index) => {
    const id = identifierOf(e);
    const broken =
      checkEventName(e.name) ??
      checkEventProperties(e.properties) ??
      (id
        ? null
        : {
            field: 'contact_id',
            rule: 'identifier_required',
            message: 'Name the contact by contact_id, external_id or email.',
          }) ??
      (e.occurred_at === undefined ? null : checkOccurredAt(new Date(e.occurred_at), now));
    if (broken) throw malformed(index, broken);
    return { event: e, id: id!, index };
  });

  return ctx.db.tx(async (db) => {
    const ids = await resolve(
      { ...ctx, db },
      checked.map((c) => c.id),
    );
    const accepted: ResolvedEvent[] = [];
    const rejected: IngestResult['rejected'] = [];
    checked.forEach((c, i) => {
      const contactId = ids[i];
      if (!contactId) {
        rejected.push({
          index: c.index,
          code: 'contact_not_found',
          message: `No contact with this ${c.id.by}.`,
        });
        return;
      }
      accepted.push({
        contactId,
        name: c.event.name,
        properties: c.event.properties ?? {},
        occurredAt: c.event.occurred_at === undefined ? now : new Date(c.event.occurred_at),
      });
    });
    await insertContactEvents({ ...ctx, db }, accepted, 'api');
    return { accepted: accepted.length, rejected };
  });
}

/** The contact id for each identifier (undefined when the workspace has no such contact). */
async function resolve(ctx: Ctx, idents: { by: string; value: string }[]): Promise<(string | undefined)[]> {
  const byId = [
    ...new Set(
      idents
        .filter((i) => i.by === 'contact_id')
        .map((i) => parseUlid(i.value))
        .filter((v): v is string => !!v),
    ),
  ];
  const byExternal = [...new Set(idents.filter((i) => i.by === 'external_id').map((i) => i.value))];
  const byEmail = [...new Set(idents.filter((i) => i.by === 'email').map((i) => normalizeEmail(i.value)))];
  const rows = await ctx.db.query<{ id: string; external_id: string | null; email_normalized: string }>(
    `select id, external_id, email_normalized from contacts where workspace_id = $1
       and (id = any($2::text[]) or external_id = any($3::text[]) or email_normalized = any($4::text[]))`,
    [ctx.workspaceId, byId, byExternal, byEmail],
  );
  const ids = new Set(rows.map((r) => r.id));
  const external = new Map(rows.filter((r) => r.external_id).map((r) => [r.external_id!, r.id]));
  const email = new Map(rows.map((r) => [r.email_normalized, r.id]));
  return idents.map((i) => {
    if (i.by === 'contact_id') {
      const id = parseUlid(i.value);
      return id && ids.has(id) ? id : undefined;
    }
    if (i.by === 'external_id') return external.get(i.value);
    return email.get(normalizeEmail(i.value));
  });
}
