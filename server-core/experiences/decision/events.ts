import type { EventCondition } from '../definition';

/**
 * Event conditions count one contact's events of one name within a window (from contact_events). The
 * ledger counts each (name, within_days) pair the decision needs once, stopping at the largest
 * `at_least` asked for it (counting further changes no answer).
 */

/** One count the ledger must make. `withinDays` null: the whole retention. */
export interface EventNeed {
  name: string;
  withinDays: number | null;
  /** Counting stops here. */
  cap: number;
}

export const eventCountKey = (name: string, withinDays: number | null | undefined) =>
  `${name}\u0000${withinDays ?? ''}`;

const atLeastOf = (c: EventCondition) => Math.max(1, Math.floor(c.at_least ?? 1));

/**
 * did: at least `at_least` (default 1) events of the name in the window; did not: fewer. An anonymous
 * visitor has no events (every count is 0).
 */
export function eventConditionHolds(cond: EventCondition, counts: ReadonlyMap<string, number>): boolean {
  const count = counts.get(eventCountKey(cond.name, cond.within_days)) ?? 0;
  const enough = count >= atLeastOf(cond);
  return cond.did ? enough : !enough;
}

/** The counts a set of conditions needs, one per (name, within_days), with the cap each needs. */
export function eventNeedsOf(conditions: Iterable<EventCondition>): EventNeed[] {
  const needs = new Map<string, EventNeed>();
  for (const c of conditions) {
    const withinDays = c.within_days ?? null;
    const key = eventCountKey(c.name, withinDays);
    const at = needs.get(key);
    if (at) at.cap = Math.max(at.cap, atLeastOf(c));
    else needs.set(key, { name: c.name, withinDays, cap: atLeastOf(c) });
  }
  return [...needs.values()];
}
