import type { AttributeValue } from '../../contacts/contact';
import type { Audience } from '../definition';
import { attributeConditionHolds } from './attributes';
import { eventConditionHolds } from './events';
import type { IndexedExperience } from './experience-index';
import { type PageUrl, pagesMatch } from './url-match';

/**
 * Targeting, in the design's order (cheapest first): window, audience, pages (all three before the
 * person's ledger is read), then attributes, events, elements. docs/decisions/experiences.md#targeting.
 */

/** From starts_at (inclusive) to ends_at (exclusive); null ends are open. */
export function inWindow(e: Pick<IndexedExperience, 'startsAt' | 'endsAt'>, now: number): boolean {
  return (e.startsAt === null || now >= e.startsAt) && (e.endsAt === null || now < e.endsAt);
}

/** identified: a verified contact; anonymous: anyone else. */
export function audienceAllows(audience: Audience, identified: boolean): boolean {
  return audience === 'everyone' || (audience === 'identified') === identified;
}

/** The part of targeting that needs no ledger: window, audience, pages. */
export function passesBeforeLedger(
  e: IndexedExperience,
  page: PageUrl,
  identified: boolean,
  now: number,
): boolean {
  return inWindow(e, now) && audienceAllows(e.audience, identified) && pagesMatch(e.include, e.exclude, page);
}

/** What the person brings to attribute and event conditions. */
export interface PersonConditions {
  attributes: Readonly<Record<string, AttributeValue | null | undefined>>;
  /** Counts by eventCountKey; an anonymous visitor has none. */
  eventCounts: ReadonlyMap<string, number>;
}

export function passesPersonConditions(e: IndexedExperience, person: PersonConditions): boolean {
  return (
    e.attributes.every((c) => attributeConditionHolds(c, person.attributes)) &&
    e.events.every((c) => eventConditionHolds(c, person.eventCounts))
  );
}

/**
 * Element conditions against the facts the widget reported for this page: `met`, `unmet`, or `unknown`
 * while any watched element has no fact yet (such an experience is not delivered until reported).
 */
export function elementsState(
  elements: IndexedExperience['elements'],
  facts: ReadonlyMap<string, boolean>,
): 'met' | 'unmet' | 'unknown' {
  let unknown = false;
  for (const el of elements) {
    const present = facts.get(el.key);
    if (present === undefined) unknown = true;
    else if (present !== el.present) return 'unmet';
  }
  return unknown ? 'unknown' : 'met';
}
