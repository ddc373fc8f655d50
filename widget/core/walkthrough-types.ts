/**
 * The walkthrough chunk's interface as the core sees it (docs/decisions/walkthroughs.md). The chunk
 * (widget/chunks/walkthrough) implements it; the core only calls it through the runner the entry hands to
 * startWidget, so the chunk is downloaded on first use (a call, a deep link, or state to resume).
 */

/** What to do: start a walkthrough, run an automation, or resume what sessionStorage holds. */
export type WalkthroughJob =
  | { kind: 'walkthrough'; guideId: string }
  | { kind: 'automation'; guideId: string; prefill: Record<string, string> }
  | { kind: 'resume' };

/** The sessionStorage keys (without the widget: prefix) of a walkthrough and of an automation run. */
export const WALKTHROUGH_KEY = 'walkthrough';
export const AUTOMATION_KEY = 'automation';
