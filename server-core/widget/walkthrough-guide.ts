import type { Rect } from '../content/guide';
import { getPublishedGuide } from '../content/read-published';
import type { Ctx } from '../context';
import { listDriftedSteps } from '../guides-drift/list-drifted-steps';
import type { Audience } from '../retrieval/types';

/**
 * What the widget's walkthrough player gets of a guide (spec widget.md section 4.2, GET
 * /widget/guides/{guideId}): the text of each step, how to find its element on the page (the bounding box
 * is the locator's last tie-break) and whether the step is drifted now. Screenshots (their originals above
 * all), redactions, blur suggestions, annotations, DOM hashes, element sources, alerts and the app of the
 * capture stay on the server.
 */
export interface WalkthroughGuide {
  id: string;
  title: string;
  description: string | null;
  language: string;
  steps: WalkthroughStep[];
}

export interface WalkthroughStep {
  id: string;
  seq: number;
  type: string;
  text: string;
  /** How the player finds the step's element; no candidates when the capture recorded none. */
  element: {
    selector_candidates: string[];
    role: string | null;
    name: string | null;
    tag: string | null;
    nearest_landmark: string | null;
    ancestors: { selectors: string[]; prev: string[]; next: string[] }[];
    /** Where the element was at capture, in capture pixels: the locator's last tie-break. */
    bounding_box: Rect | null;
  };
  /** Counted as drifted now: the player reports a find only for drifted steps (misses always). */
  drifted: boolean;
  walkthrough: { enabled: boolean; alternate_text: string | null; input_placeholder: string | null };
  input: { masked: boolean };
}

/**
 * The guides a widget visitor may walk through: public ones, and `customers` ones once the visitor is
 * verified as a contact (under the current identity secret); private guides never.
 */
export const walkthroughAudiences = (verifiedContactId: string | null): Audience[] =>
  verifiedContactId ? ['public', 'customers'] : ['public'];

/** A published guide of the workspace this visitor may see, for the player; anything else not_found. */
export async function getWalkthroughGuide(
  ctx: Ctx,
  input: { guideId: string; verifiedContactId: string | null },
): Promise<WalkthroughGuide> {
  const guide = await getPublishedGuide(ctx, input.guideId, walkthroughAudiences(input.verifiedContactId));
  const drifted = await listDriftedSteps(ctx, guide.id);
  return {
    id: guide.id,
    title: guide.title,
    description: guide.description,
    language: guide.language,
    steps: guide.steps.map((s) => ({
      id: s.id,
      seq: s.seq,
      type: s.type,
      text: s.text,
      element: {
        selector_candidates: s.element?.selector_candidates ?? [],
        role: s.element?.role ?? null,
        name: s.element?.name ?? null,
        tag: s.element?.tag ?? null,
        nearest_landmark: s.element?.nearest_landmark ?? null,
        ancestors: (s.element?.ancestors ?? []).map((a) => ({
          selectors: a.selectors,
          prev: a.prev,
          next: a.next,
        })),
        bounding_box: rect(s.element?.bounding_box ?? null),
      },
      drifted: drifted.has(s.id),
      walkthrough: {
        enabled: s.walkthrough.enabled,
        alternate_text: s.walkthrough.alternate_text,
        input_placeholder: s.walkthrough.input_placeholder,
      },
      input: { masked: s.input.masked },
    })),
  };
}

/** The box's four numbers only (a stored box may carry nothing else to the widget). */
const rect = (r: Rect | null): Rect | null => (r ? { x: r.x, y: r.y, w: r.w, h: r.h } : null);
