import type { ElementDescriptor, GuideStep } from './types';

/**
 * The walkthrough's and the automation runner's pure rules (docs/decisions/walkthroughs.md), tested in
 * logic.test.ts.
 */

/** How the person advances a step: clicking its element, changing it (input/select), a URL change, or Next. */
export type Advance = 'click' | 'change' | 'route' | 'next';

export function advanceOn(type: string): Advance {
  if (type === 'click') return 'click';
  if (type === 'input' || type === 'type' || type === 'select') return 'change';
  if (type === 'navigate') return 'route';
  return 'next';
}

/** The automation action of a step type (the wire's enum), null for a type the runner does not act on. */
export type Action = 'click' | 'input' | 'select' | 'navigate';
export function actionOf(type: string): Action | null {
  if (type === 'type') return 'input';
  return type === 'click' || type === 'input' || type === 'select' || type === 'navigate' ? type : null;
}

/** The next step shown from `from` going `dir` (disabled steps skipped): steps.length past the end, -1 before. */
export function nextShown(steps: GuideStep[], from: number, dir: 1 | -1): number {
  let i = from + dir;
  while (i >= 0 && i < steps.length && !steps[i]!.walkthrough.enabled) i += dir;
  return i < 0 ? -1 : Math.min(i, steps.length);
}

/** The first shown step at or after `i` (a resumed index whose step was disabled since). */
export const shownFrom = (steps: GuideStep[], i: number): number => nextShown(steps, Math.max(i, 0) - 1, 1);

/** "Step n of m" counts the shown steps only. */
export function position(steps: GuideStep[], i: number): { n: number; total: number } {
  const shown = steps.filter((s) => s.walkthrough.enabled);
  return { n: shown.indexOf(steps[i]!) + 1, total: shown.length };
}

/** The step's text in a walkthrough: the alternate text when the author wrote one. */
export const cardText = (s: GuideStep): string => s.walkthrough.alternate_text ?? s.text;

/** A descriptor that says nothing about an element (a navigate step, a note): the step is shown unanchored. */
export const hasElement = (d: ElementDescriptor): boolean =>
  d.selector_candidates.length > 0 || !!d.role || !!d.name;

/**
 * What the runner does at a step once its element is found: click it, fill it with the pre-fill value
 * (never for a masked step or a password field), or wait for the person (Continue).
 */
export type Plan = { do: 'click' } | { do: 'fill'; value: string } | { do: 'wait' };
export function plan(
  step: GuideStep,
  action: Action,
  prefill: Record<string, string>,
  password: boolean,
): Plan {
  if (action === 'click') return { do: 'click' };
  const value = prefill[step.id];
  if (typeof value !== 'string' || step.input.masked || password) return { do: 'wait' };
  return { do: 'fill', value };
}

export type CloseState = 'completed' | 'aborted' | 'failed';
export type CloseReason =
  | null
  | 'stopped'
  | 'ambiguous_element'
  | 'missing_element'
  | 'refused'
  | 'error'
  | 'navigation';

/**
 * What a refused step record means for the run: 403 (sensitive page, domain no longer verified) aborts
 * it as refused; 409 means it is closed already (nothing to close); anything else fails it with error.
 */
export function afterRecord(status: number): { state: CloseState; reason: CloseReason } | 'closed' | null {
  if (status === 201) return null;
  if (status === 409) return 'closed';
  if (status === 403) return { state: 'aborted', reason: 'refused' };
  return { state: 'failed', reason: 'error' };
}

/** The page URL the runner sends: no query (the service keeps host and path; the hash carries SPA routes). */
export const pageUrl = (l: Location | URL): string => l.origin + l.pathname + l.hash;
