import type { StepElement } from '../content/guide';
import { DAY } from '../lib/clock';

/** A step drifts when misses from this many distinct visitors arrived ... */
export const DRIFT_VISITORS = 3;
/** ... within this window, counted since the step was last found or the guide last published. */
export const DRIFT_WINDOW_MS = 7 * DAY;

/**
 * The first moment a miss counts for a step (docs/decisions/guide-drift.md): the latest of the guide's
 * publication (a republish starts afresh), the step's last find and the start of the 7-day window.
 * Misses at or after it count; the window's own start is exclusive (a miss exactly 7 days old is out).
 */
export function missesCountFrom(input: { publishedAt: Date; foundAt: Date | null; now: Date }): {
  since: Date;
  windowStart: Date;
} {
  const windowStart = new Date(input.now.getTime() - DRIFT_WINDOW_MS);
  const since = Math.max(input.publishedAt.getTime(), input.foundAt?.getTime() ?? 0);
  return { since: new Date(since), windowStart };
}

/**
 * Whether the player can look for the step's element at all: a step the capture recorded no element for
 * (no selector candidates, role, accessible name or tag) can never be found, so it never drifts and its
 * reports are accepted and ignored.
 */
export function isLocatable(element: StepElement | null): boolean {
  if (!element) return false;
  return (
    element.selector_candidates.length > 0 ||
    element.role !== null ||
    element.name !== null ||
    element.tag !== null
  );
}
