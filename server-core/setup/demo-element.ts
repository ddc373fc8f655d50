import type { StepElement } from '../content/guide';

/**
 * An element of a demo page as a capture would record it: its selectors by rank, role, accessible name
 * and tag inside the page's main landmark, with the capture box and ancestors where the page has them.
 */
export const demoElement = (
  selectors: string[],
  role: string,
  name: string,
  tag: string,
  context: Pick<StepElement, 'bounding_box' | 'ancestors'> = { bounding_box: null, ancestors: [] },
): StepElement => ({
  selector_candidates: selectors,
  role,
  name,
  tag,
  dom_path_hash: null,
  nearest_landmark: 'main',
  source: 'demo',
  ...context,
});
