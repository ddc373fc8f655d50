/**
 * A published guide as GET /widget/guides/{guideId} answers it (issue 15 contract), written out here so
 * the chunk does not depend on which server branch generated bff/openapi/schema.d.ts first. `bounding_box`
 * and `drifted` are optional: an older service leaves them out (no box tie-break, no found report).
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ElementDescriptor {
  /** CSS selectors, most trusted first. */
  selector_candidates: string[];
  role: string | null;
  /** The accessible name. */
  name: string | null;
  tag: string | null;
  nearest_landmark: string | null;
  /** Nearest first: each ancestor's selectors and its previous and next siblings' selectors. */
  ancestors: { selectors: string[]; prev: string[]; next: string[] }[];
  /** Where the element was in the capture (capture pixels): the locator's last tie-breaker. */
  bounding_box?: Box | null;
}

export interface GuideStep {
  id: string;
  seq: number;
  type: string;
  text: string;
  element: ElementDescriptor;
  walkthrough: { enabled: boolean; alternate_text: string | null; input_placeholder: string | null };
  input: { masked: boolean };
  drifted?: boolean;
}

export interface Guide {
  id: string;
  title: string;
  description: string | null;
  language: string;
  step_count: number;
  steps: GuideStep[];
}
