import type { components } from '../../bff/openapi/schema';

/**
 * The tour chunk's interface as the core sees it (docs/decisions/widget.md, the tour chunk and its
 * interface). The chunk (widget/chunks/tour) implements it; the core only calls it, through the runner
 * the entry hands to startWidget, so the chunk is loaded on first use and never imported by core/.
 */

type Schemas = components['schemas'];

/** A tour as widgetGetTour serves it (answers carry every step's id; the schema shares the step with drafts). */
export type WidgetTour = Omit<Schemas['WidgetTour'], 'steps'> & {
  steps: (Schemas['TourStep'] & { id: string })[];
};

/** Why a tour ended: the session's end reasons, and `interrupted` when neither the person nor the content ended it. */
export type TourEnd = 'completed' | 'dismissed' | 'skipped' | 'target_missing' | 'interrupted';

/** The answer to the end-of-tour question (rating 1-5; the comment only when one was written). */
export interface TourFeedback {
  rating: number;
  comment?: string;
}

export interface TourOptions {
  /** The step to start at (a resumed session's current step); the first when absent or unknown. */
  startAt?: string;
  /**
   * Each time the tour moves to a step, before its target is looked for. Returning false stops the
   * tour there without onEnd, as stop() does: the engine uses it for a step that lives on another page
   * (it records the step and resumes the session there).
   */
  onEnter?: (stepId: string, index: number) => boolean | undefined;
  /** Each time a step is shown (its target found, or modal). */
  onStep?: (stepId: string, index: number) => void;
  /**
   * Once, when the tour ends by itself or by the person: `completed` (Done on the last step, or its
   * target used) with the feedback when a rating was given; `dismissed` (Close tour or Escape);
   * `skipped` (Skip tour); `target_missing` (a step's target did not appear within its wait);
   * `interrupted` (a body swap, or an error, logged). Not called after stop().
   */
  onEnd?: (reason: TourEnd, feedback?: TourFeedback) => void;
}

export interface TourHandle {
  /** Ends the tour at once (unpublished over realtime, another experience takes over); onEnd is not called. */
  stop(): void;
}

/** Runs a tour on the page: the entry loads the tour chunk and calls its runTour with the host's parts. */
export type TourRunner = (tour: WidgetTour, options: TourOptions) => Promise<TourHandle>;
