import type { Sql } from '../db/db';
import type { ContentStatus } from './article';
import type { ShareMode } from './audience';

/** A rectangle in screenshot pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface StepScreenshot {
  id: string;
  media_id: string;
  width: number;
  height: number;
  original_encrypted: boolean;
  original_deleted_at: string | null;
}

export interface SmartBlurSuggestion {
  id: string;
  rect: Rect;
  category: string;
  status: string;
}

export interface StepElement {
  selector_candidates: string[];
  role: string | null;
  name: string | null;
  tag: string | null;
  bounding_box: Rect | null;
  dom_path_hash: string | null;
  nearest_landmark: string | null;
  source: string | null;
  ancestors: { selectors: string[]; prev: string[]; next: string[] }[];
}

export interface StepAlert {
  type: 'info' | 'tip' | 'warning';
  text: string;
}

/** One captured step (spec section 2, Step). */
export interface Step {
  id: string;
  seq: number;
  type: string;
  text: string;
  screenshot: StepScreenshot | null;
  redactions: Rect[];
  policy_redactions: Rect[];
  smart_blur_suggestions: SmartBlurSuggestion[];
  annotations: Record<string, unknown>;
  element: StepElement | null;
  alerts: StepAlert[];
  walkthrough: { enabled: boolean; alternate_text: string | null; input_placeholder: string | null };
  input: { masked: boolean };
  app: { id: string; name: string } | null;
}

/** A step as a writer sends it: seq is its place in the list; ids are kept when they name a step of this guide. */
export type StepInput = Omit<Step, 'id' | 'seq' | 'screenshot'> & {
  id?: string;
  screenshot: (Omit<StepScreenshot, 'id'> & { id?: string }) | null;
};

export interface GuideBrand {
  primary_color: string | null;
  secondary_color: string | null;
  marker_style: string | null;
  font: string | null;
}

export interface GuideCapture {
  source: string | null;
  platform: string | null;
  narrated: boolean;
}

export interface GuideRow {
  id: string;
  title: string;
  description: string | null;
  status: ContentStatus;
  share_mode: ShareMode;
  language: string;
  verified_at: Date | null;
  brand_profile_id: string | null;
  brand: GuideBrand | null;
  capture_session_id: string | null;
  capture: GuideCapture | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface Guide extends GuideRow {
  steps: Step[];
}

const GUIDE_COLUMNS =
  'id, title, description, status, share_mode, language, verified_at, brand_profile_id, brand, capture_session_id, ' +
  'capture, published_at, created_at, updated_at';

const STEP_COLUMNS =
  'id, seq, type, text, screenshot, redactions, policy_redactions, smart_blur_suggestions, annotations, element, ' +
  'alerts, walkthrough, input, app';

/** Where a reader opens the guide (site-relative). */
export const guideUrl = (id: string) => `/guides/${id}`;

/** A guide of the workspace with its steps in order, or null (unknown or another workspace's). */
export async function loadGuide(
  db: Sql,
  workspaceId: string,
  guideId: string,
  lock = false,
): Promise<Guide | null> {
  const [row] = await db.query<GuideRow>(
    `select ${GUIDE_COLUMNS} from guides where workspace_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [workspaceId, guideId],
  );
  if (!row) return null;
  const steps = await db.query<Step>(
    `select ${STEP_COLUMNS} from guide_steps where workspace_id = $1 and guide_id = $2 order by seq`,
    [workspaceId, guideId],
  );
  return { ...row, steps };
}
