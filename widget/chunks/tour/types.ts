import type { Bus } from '../../core/bus';
import type { BootConfig } from '../../core/runtime';
import type { Catalog } from '../../ui/messages';

/**
 * A tour as widgetGetTour serves it: the published version's content. The widget takes from the server
 * side only the generated contract types, and the tour's are not in the document yet, so they are
 * written out here; types.test.ts keeps them assignable from server-core/experiences/definition.ts.
 */
export interface TourStep {
  id: string;
  title: string;
  /** Plain text; line breaks are kept. */
  body: string;
  /** Null: a modal step, centred over a backdrop. */
  target: { selector: string } | null;
  /** `auto` is below, flipping above when there is no room. */
  placement: 'auto' | 'top' | 'bottom' | 'left' | 'right';
  /** `target_click`: the step has no Next; using the target advances (it joins the step's tab order). */
  advance: 'next' | 'target_click';
  /** How long a missing target is waited for (default 5000, at most 30000). */
  wait_ms?: number;
}

export interface TourData {
  steps: TourStep[];
  /** The end-of-tour question, shown on the last step when enabled. */
  feedback?: { enabled: boolean; question: string };
}

export type { TourEnd, TourFeedback, TourHandle, TourOptions } from '../../core/tour-types';

/** What the tour takes from the widget core (passed in, never a global). */
export interface TourHost {
  /** The core's `[widget]` warning. */
  warn: (...args: unknown[]) => void;
  /**
   * The internal bus: `restored` (a body swap) ends the tour. A route change needs nothing of its own: a
   * target the new view removed or re-rendered is waited for and found again like a late one.
   */
  events: Pick<Bus, 'on'>;
  /** The visitor's message catalog and its language tag. */
  cat: Catalog;
  /** The workspace's colours (boot config widget_settings.theme); the defaults when absent. */
  theme?: BootConfig['widget_settings']['theme'];
}
