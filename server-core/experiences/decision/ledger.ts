import type { AttributeValue } from '../../contacts/contact';
import type { Ctx } from '../../context';
import type { ProgramItemState } from '../definition';
import { type EventNeed, eventCountKey } from './events';
import type { SessionHistory } from './frequency';
import type { Person, SeenHistory } from './person';
import type { ProgramSessionState } from './program';

export interface LedgerInput {
  visitorId: string;
  /** The verified contact; its sessions and seen markers count with the visitor's. */
  contactId: string | null;
  /** pageKey(page): the facts reported for this page. */
  pageKey: string;
  /** Event counts the preselected experiences need (none for an anonymous visitor). */
  eventNeeds: readonly EventNeed[];
  /** Program experiences whose session and item states the decision shows. */
  programIds: readonly string[];
}

interface LedgerRow {
  sessions: [string, number, number | null, boolean, [string, string, string | null, number] | null][] | null;
  seen: [string, string[], number, boolean, number][] | null;
  items: [string, string, string | null, ProgramItemState | null][] | null;
  facts: Record<string, boolean> | null;
  attributes: Record<string, AttributeValue> | null;
  counts: [string, number | null, number][] | null;
}

/**
 * One person's ledger for a decision, in one round trip of indexed reads: sessions per experience (count,
 * last started, completed, the active one with its step and version), seen markers, the program
 * sessions' item states, the page facts of this URL, the contact's attributes and, per event name the
 * candidates need, its newest events up to the largest `at_least`
 * asked (one index probe per name), counted per window. Sessions and markers are the
 * visitor's or, for an identified visitor, the contact's (any of its visitors). Times as epoch ms.
 */
export async function loadLedger(ctx: Ctx, input: LedgerInput): Promise<Omit<Person, 'identified'>> {
  const now = ctx.clock.now();
  // Per event name, its newest events up to the largest count any window asks for: a window ("the last
  // D days") holds at least N events exactly when N of these newest ones fall inside it.
  const needs = input.contactId ? input.eventNeeds : [];
  const newest = new Map<string, number>();
  for (const n of needs) {
    newest.set(n.name, Math.max(newest.get(n.name) ?? 0, n.cap));
  }
  const [row] = await ctx.db.query<LedgerRow>(
    `with person_sessions as (
       select id, experience_id, version_id, state, current_step_cvid, started_at
       from experience_sessions
       where workspace_id = $1 and (widget_visitor_id = $2 or contact_id = $3::text)
     ), program_sessions as (
       select distinct on (experience_id) id, experience_id from person_sessions
       where experience_id = any($5::text[])
       order by experience_id, (state = 'active') desc, started_at desc, id desc
     ), newest as materialized (
       select n.name, r.occurred_at from unnest($6::text[], $7::int[]) as n(name, cap)
       cross join lateral (
         select e.occurred_at from contact_events e
         where e.workspace_id = $1 and e.contact_id = $3::text and e.name = n.name
         order by e.occurred_at desc limit n.cap) r
     )
     select
       (select json_agg(json_build_array(experience_id, n, last_ms, completed, active)) from (
          select experience_id, count(*)::int as n,
            (extract(epoch from max(started_at)) * 1000)::float8 as last_ms,
            bool_or(state = 'completed') as completed,
            (array_agg(json_build_array(id, version_id, current_step_cvid, (extract(epoch from started_at) * 1000)::float8)
               order by started_at desc, id desc) filter (where state = 'active'))[1] as active
          from person_sessions group by experience_id) s) as sessions,
       (select json_agg(json_build_array(experience_id, versions, first_ms, dismissed, activations)) from (
          select experience_id, array_agg(distinct version_id) as versions,
            (extract(epoch from min(seen_at)) * 1000)::float8 as first_ms,
            bool_or(dismissed_at is not null) as dismissed, sum(activations)::int as activations
          from experience_seen
          where workspace_id = $1 and (widget_visitor_id = $2 or contact_id = $3::text)
          group by experience_id) m) as seen,
       (select json_agg(json_build_array(p.experience_id, p.id, i.item_id, i.state))
          from program_sessions p
          left join experience_session_items i on i.workspace_id = $1 and i.session_id = p.id) as items,
       (select json_object_agg(fact_key, present) from widget_page_facts
          where workspace_id = $1 and visitor_id = $2 and url = $4
            and updated_at >= $8::timestamptz - interval '1 day') as facts,
       (select attributes from contacts where workspace_id = $1 and id = $3::text) as attributes,
       (select json_agg(json_build_array(w.name, w.days, (
            select count(*)::int from newest x
            where x.name = w.name and (w.days is null or x.occurred_at >= $8::timestamptz - make_interval(days => w.days)))))
          from unnest($9::text[], $10::int[]) as w(name, days)) as counts`,
    [
      ctx.workspaceId,
      input.visitorId,
      input.contactId,
      input.pageKey,
      input.programIds,
      [...newest.keys()],
      [...newest.values()],
      now,
      needs.map((n) => n.name),
      needs.map((n) => n.withinDays),
    ],
  );

  const history = new Map<string, SessionHistory>();
  for (const [experienceId, sessions, last, completed, active] of row?.sessions ?? []) {
    history.set(experienceId, {
      sessions,
      lastStartedAt: last,
      completed,
      active: active
        ? { sessionId: active[0], versionId: active[1], stepId: active[2], startedAt: active[3] }
        : null,
    });
  }
  const seen = new Map<string, SeenHistory>();
  for (const [experienceId, versionIds, firstSeenAt, dismissed, activations] of row?.seen ?? []) {
    seen.set(experienceId, { versionIds, firstSeenAt, dismissed, activations });
  }
  const programs = new Map<string, ProgramSessionState & { items: Map<string, ProgramItemState> }>();
  for (const [experienceId, sessionId, itemId, state] of row?.items ?? []) {
    let p = programs.get(experienceId);
    if (!p) {
      p = { sessionId, items: new Map() };
      programs.set(experienceId, p);
    }
    if (itemId !== null && state !== null) p.items.set(itemId, state);
  }
  const eventCounts = new Map<string, number>();
  for (const [name, days, count] of row?.counts ?? []) eventCounts.set(eventCountKey(name, days), count);
  return {
    attributes: row?.attributes ?? {},
    eventCounts,
    facts: new Map(Object.entries(row?.facts ?? {})),
    history,
    programs,
    seen,
  };
}
