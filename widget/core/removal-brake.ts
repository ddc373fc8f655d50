/** More than this many removals within the window stops the restoring (spec widget.md section 8). */
export const MAX_REMOVALS = 20;
export const REMOVAL_WINDOW_S = 10;

/**
 * The chrome keeper's brake, on the times of the element's removals (oldest first): records one more
 * at `now` (ms) and answers whether the page has now removed it more than MAX_REMOVALS times within
 * the last REMOVAL_WINDOW_S seconds (then restoring stops for good). A removal exactly REMOVAL_WINDOW_S
 * seconds ago has left the window.
 */
export function tooManyRemovals(removals: number[], now: number): boolean {
  removals.push(now);
  while (removals[0]! <= now - REMOVAL_WINDOW_S * 1000) removals.shift();
  return removals.length > MAX_REMOVALS;
}
