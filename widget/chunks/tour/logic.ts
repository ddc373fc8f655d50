/**
 * The tour's decisions that need no DOM (tested in node beside this file): which step starts, how long
 * a late target is waited for, what a key does inside a step, where Tab goes, how far to scroll a
 * target out from under a pinned header, and where the arrow sits.
 */

/** The authoring limits of TourStep.wait_ms (server-core/experiences/definition.ts, DEFINITION_LIMITS). */
export const DEFAULT_WAIT_MS = 5000;
export const MAX_WAIT_MS = 30_000;

/** A step's wait for a late target: its wait_ms within 0..30 s, 5 s when missing or not a number. */
export const waitMs = (ms: unknown): number =>
  typeof ms === 'number' && ms >= 0 ? Math.min(ms, MAX_WAIT_MS) : DEFAULT_WAIT_MS;

/** Where a tour starts: the step named by startAt, else the first. */
export const startIndex = (steps: { id: string }[], startAt?: string): number =>
  Math.max(
    0,
    steps.findIndex((s) => s.id === startAt),
  );

export type StepAction = 'next' | 'back' | 'dismissed';

/**
 * What a key pressed inside the step does (the listener sits on the step, so the page's own keys are
 * never taken): Escape dismisses; the arrows go back and forth, except in a text field (they move the
 * caret) and when the step has no such button.
 */
export function stepKey(
  key: string,
  ctx: { inField: boolean; canBack: boolean; canNext: boolean },
): StepAction | null {
  if (key === 'Escape') return 'dismissed';
  if (ctx.inField) return null;
  if (key === 'ArrowRight' && ctx.canNext) return 'next';
  if (key === 'ArrowLeft' && ctx.canBack) return 'back';
  return null;
}

/**
 * Where Tab goes from the step's first or last focusable element (null: the browser's own order). A
 * modal step keeps focus inside (it wraps); a target_click step puts its target after its last
 * element, so Tab reaches the target and Shift+Tab on the target comes back.
 */
export function tabHop(
  shift: boolean,
  at: { first: boolean; last: boolean },
  step: { modal: boolean; target: boolean },
): 'first' | 'last' | 'target' | null {
  if (!shift && at.last) return step.target ? 'target' : step.modal ? 'first' : null;
  if (shift && at.first && step.modal) return 'last';
  return null;
}

/**
 * How far to scroll so that a target's top edge clears a pinned (sticky or fixed) element covering it,
 * with a gap: 0 when nothing covers it.
 */
export const uncover = (targetTop: number, coverBottom: number, gap = 12): number =>
  Math.max(0, coverBottom - targetTop + gap);

/**
 * The arrow's offset along the step's edge: under the target's centre, kept `pad` pixels from the
 * step's corners (the arrow is `size` wide).
 */
export function arrowAt(targetCenter: number, stepStart: number, stepLength: number, size = 12, pad = 10) {
  const at = targetCenter - stepStart - size / 2;
  return Math.round(Math.min(Math.max(at, pad), stepLength - size - pad));
}
