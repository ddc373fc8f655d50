import type { ExperienceType } from './experience';

/**
 * The authoring data of an experience: what a draft holds and what a published version freezes. One
 * definition per experience, its content shaped by the type. The zod schemas of the wire contract
 * (bff/contract/experience-definitions.ts) check the shape; server-core checks the domain rules
 * (references, regex safety, per-type frequency) before a draft is saved or published.
 * docs/decisions/experiences.md records the grammar.
 */

/** How a page URL is matched. `regex` runs on a linear-time engine (RE2), never a backtracking one. */
export const URL_MATCH_KINDS = ['exact', 'prefix', 'wildcard', 'regex'] as const;
export type UrlMatchKind = (typeof URL_MATCH_KINDS)[number];

/**
 * A URL rule. A value starting with `/` is matched against the page's path and query (`/pricing?plan=pro`);
 * any other value against the whole URL (`https://app.example.com/pricing`). In `wildcard`, `*` stands for
 * any run of characters (none included) and nothing else is special.
 */
export interface UrlRule {
  match: UrlMatchKind;
  value: string;
}

export const AUDIENCES = ['everyone', 'identified', 'anonymous'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const ATTRIBUTE_OPS = [
  'equals',
  'not_equals',
  'contains',
  'exists',
  'not_exists',
  'greater_than',
  'less_than',
] as const;
export type AttributeOp = (typeof ATTRIBUTE_OPS)[number];

/** A condition on the identified contact's custom attributes; an anonymous visitor meets none but not_exists. */
export interface AttributeCondition {
  key: string;
  op: AttributeOp;
  /** Absent for exists / not_exists. */
  value?: string | number | boolean;
}

/**
 * A condition on the contact's events (server-side, from contact events): did (or did not) do `name` at
 * least `at_least` times (default 1) within the last `within_days` days (default: the whole retention).
 */
export interface EventCondition {
  name: string;
  did: boolean;
  at_least?: number;
  within_days?: number;
}

/**
 * Whether an element is on the page. The decision names what to watch (a key and the selector); the widget
 * reports booleans only (widgetReportConditions), never page content.
 */
export interface ElementCondition {
  selector: string;
  present: boolean;
}

/** Evaluated in the browser on the page view: all that are set must hold before an auto-start. */
export interface BrowserTriggers {
  /** A custom event (Widget.event.push or Widget.track) on this page view. */
  custom_event?: string;
  time_on_page_seconds?: number;
  scroll_depth_percent?: number;
}

export interface Targeting {
  pages: { include: UrlRule[]; exclude: UrlRule[] };
  audience: Audience;
  attributes: AttributeCondition[];
  events: EventCondition[];
  elements: ElementCondition[];
  triggers: BrowserTriggers;
  /** Delivered only from starts_at (inclusive) to ends_at (exclusive); null is open. */
  window: { starts_at: string | null; ends_at: string | null };
  /** Higher first; ties by the older experience (smaller id). */
  priority: number;
}

/**
 * How often a person meets an experience again. Tours and surveys: any kind. Banners: once or unlimited.
 * Launchers, programs, announcements and trackers: none (launchers stop after the first activation,
 * programs stay while targeted, announcements follow their window).
 */
export type Frequency =
  | { kind: 'once' }
  | { kind: 'unlimited' }
  | { kind: 'limited'; times: number; days_apart: number };

/** A tour step. `id` is the step's content-version id (step_cvid), stable across drafts and versions. */
export interface TourStep {
  id: string;
  title: string;
  body: string;
  /** The element the step points at; null for an unanchored (modal) step. */
  target: { selector: string } | null;
  placement: 'auto' | 'top' | 'bottom' | 'left' | 'right';
  /** The page the step lives on; null for any page. A session resumes there after a full page load. */
  page: UrlRule | null;
  /** `next`: the Next button advances; `target_click`: the person uses the target (it joins the tab order). */
  advance: 'next' | 'target_click';
  /** How long to wait for a late target before the session ends with target_missing. */
  wait_ms: number;
}

export interface TourContent {
  steps: TourStep[];
  /** An end-of-tour question (a 1-5 rating and an optional comment), stored and forwarded on completion. */
  feedback: { enabled: boolean; question: string };
}

export const PROGRAM_ITEM_KINDS = ['tour', 'guide', 'article', 'url', 'event'] as const;
export type ProgramItemKind = (typeof PROGRAM_ITEM_KINDS)[number];

export interface ProgramItem {
  id: string;
  title: string;
  description: string;
  kind: ProgramItemKind;
  /** kind tour: a tour's experience id. */
  tour_id?: string;
  /** kind guide: a guide id (a walkthrough once the player exists; until then the guide opens). */
  guide_id?: string;
  /** kind article: a public article's slug (opens in Help). */
  article_slug?: string;
  /** kind url: where the item goes. */
  url?: string;
  /** kind event: done when this custom event happens in the browser. */
  event_name?: string;
}

export interface ProgramContent {
  sections: { id: string; title: string; items: ProgramItem[] }[];
}

export const PROGRAM_ITEM_STATES = ['todo', 'in_progress', 'done', 'skipped'] as const;
export type ProgramItemState = (typeof PROGRAM_ITEM_STATES)[number];

export const END_REASONS = ['completed', 'dismissed', 'skipped', 'target_missing'] as const;
export type EndReason = (typeof END_REASONS)[number];

export const LAUNCHER_KINDS = ['beacon', 'icon', 'button'] as const;
export type LauncherKind = (typeof LAUNCHER_KINDS)[number];
export const LAUNCHER_ACTIVATIONS = ['hover', 'click'] as const;
export type LauncherActivation = (typeof LAUNCHER_ACTIVATIONS)[number];

/** What a launcher does when activated. */
export type LauncherAction =
  | { type: 'tooltip'; text: string }
  | { type: 'start_tour'; tour_id: string }
  | { type: 'open_help' }
  | { type: 'open_url'; url: string };
export const LAUNCHER_ACTION_TYPES = ['tooltip', 'start_tour', 'open_help', 'open_url'] as const;

/** A beacon, icon or button anchored to a page element (spec widget.md section 2). No frequency. */
export interface LauncherContent {
  kind: LauncherKind;
  target: { selector: string };
  /** The button's text (kind button, where it is required); null for a beacon or an icon. */
  label: string | null;
  /** `hover`: hover or focus (a tap on touch screens); `click`: a click only. */
  activation: LauncherActivation;
  action: LauncherAction;
}

export const BANNER_PLACEMENTS = ['top', 'bottom', 'before', 'after', 'inside_top'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];
/** Placements anchored to an element: they need `target`. */
export const ANCHORED_BANNER_PLACEMENTS: readonly BannerPlacement[] = ['before', 'after', 'inside_top'];
export const BANNER_ACTIONS = ['dismiss', 'open_help', 'open_chat'] as const;
export type BannerAction = (typeof BANNER_ACTIONS)[number];

/** A banner's one button: a link (`url`) or a widget action (`action`), exactly one of them. */
export interface BannerButton {
  label: string;
  url: string | null;
  action: BannerAction | null;
}

/** One message and at most one button (spec widget.md section 2). Frequency once or unlimited. */
export interface BannerContent {
  message: string;
  button: BannerButton | null;
  placement: BannerPlacement;
  /** The element of a before/after/inside_top banner; null for top and bottom. */
  target: { selector: string } | null;
  /** Stays in view while the page scrolls; top and bottom only. */
  sticky: boolean;
  dismissible: boolean;
}

export const ANNOUNCEMENT_DISTRIBUTIONS = ['silent', 'badge', 'popup'] as const;
export type AnnouncementDistribution = (typeof ANNOUNCEMENT_DISTRIBUTIONS)[number];

/** An entry of the announcement list, shown from starts_at (inclusive) to ends_at (exclusive); null is open. */
export interface AnnouncementContent {
  distribution: AnnouncementDistribution;
  title: string;
  /** Plain text; line breaks are kept. */
  body: string;
  starts_at: string | null;
  ends_at: string | null;
}

export const SURVEY_PLACEMENTS = ['corner', 'modal'] as const;
export type SurveyPlacement = (typeof SURVEY_PLACEMENTS)[number];
export const SURVEY_QUESTION_KINDS = ['nps', 'rating', 'scale', 'choice', 'freetext'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

interface QuestionBase {
  /** Stable across drafts and versions, like a tour step's id. */
  id: string;
  prompt: string;
  /** A contact attribute key the answer is filed under (identified visitors only); null for none. */
  attribute_key: string | null;
}

/**
 * A survey question: nps (0-10), rating (1-5), scale (a custom integer range with a label at each end),
 * choice (one option, or several when `multiple`), freetext.
 */
export type SurveyQuestion =
  | (QuestionBase & { kind: 'nps' })
  | (QuestionBase & { kind: 'rating' })
  | (QuestionBase & { kind: 'scale'; min: number; max: number; min_label: string; max_label: string })
  | (QuestionBase & { kind: 'choice'; options: { id: string; label: string }[]; multiple: boolean })
  | (QuestionBase & { kind: 'freetext'; placeholder: string });

/** Up to 10 questions in a corner card or a modal (spec widget.md sections 2 and 8). */
export interface SurveyContent {
  questions: SurveyQuestion[];
  placement: SurveyPlacement;
  /** Shown after the last answer. */
  thank_you: string;
}

/** A tracker has targeting only, and the contact event it records on the pages it targets. */
export interface TrackerContent {
  event_name: string;
}

/** The whole definition. `content` is typed by the experience's type. */
export interface Definition<C = ExperienceContent> {
  targeting: Targeting;
  frequency: Frequency | null;
  content: C;
}

export type ContentOf<T extends ExperienceType> = T extends 'tour'
  ? TourContent
  : T extends 'program'
    ? ProgramContent
    : T extends 'launcher'
      ? LauncherContent
      : T extends 'banner'
        ? BannerContent
        : T extends 'announcement'
          ? AnnouncementContent
          : T extends 'survey'
            ? SurveyContent
            : TrackerContent;

export type ExperienceContent =
  | TourContent
  | ProgramContent
  | LauncherContent
  | BannerContent
  | AnnouncementContent
  | SurveyContent
  | TrackerContent;

export type FrequencyKind = Frequency['kind'];

/**
 * The frequency kinds each type accepts; null: the type has none (its frequency must be null). Tours and
 * surveys take the whole grammar, banners once or unlimited (spec widget.md sections 2 and 8).
 */
export const FREQUENCY_KINDS: { readonly [T in ExperienceType]: readonly FrequencyKind[] | null } = {
  tour: ['once', 'unlimited', 'limited'],
  survey: ['once', 'unlimited', 'limited'],
  banner: ['once', 'unlimited'],
  program: null,
  launcher: null,
  announcement: null,
  tracker: null,
};

/** Limits of a definition (domain rules; the contract shows the same numbers). */
export const DEFINITION_LIMITS = {
  urlRulesPerList: 20,
  urlValueChars: 2048,
  regexChars: 500,
  attributeConditions: 20,
  eventConditions: 10,
  elementConditions: 5,
  selectorChars: 500,
  maxEventWithinDays: 395,
  maxPriority: 1000,
  tourSteps: 25,
  stepTitleChars: 120,
  stepBodyChars: 2000,
  maxWaitMs: 30_000,
  defaultWaitMs: 5000,
  feedbackQuestionChars: 200,
  feedbackCommentChars: 1000,
  programSections: 10,
  programItemsPerSection: 20,
  itemTitleChars: 120,
  itemDescriptionChars: 500,
  frequencyMaxTimes: 100,
  frequencyMaxDaysApart: 365,
  idChars: 64,
  nameChars: 120,
  linkChars: 2048,
  maxAtLeast: 1000,
  maxTimeOnPageSeconds: 3600,
  launcherLabelChars: 60,
  tooltipChars: 500,
  bannerMessageChars: 300,
  buttonLabelChars: 60,
  announcementTitleChars: 120,
  announcementBodyChars: 5000,
  surveyQuestions: 10,
  questionPromptChars: 300,
  choiceOptions: 10,
  optionLabelChars: 120,
  scaleLabelChars: 60,
  scaleMin: 0,
  scaleMax: 10,
  placeholderChars: 120,
  thankYouChars: 200,
  attributeValueChars: 1000,
} as const;

/** The ids of steps, sections, items, questions and options: a ULID when the server assigns one. */
export const DEFINITION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Targeting that targets every page and every person, at once. */
export function defaultTargeting(): Targeting {
  return {
    pages: { include: [], exclude: [] },
    audience: 'everyone',
    attributes: [],
    events: [],
    elements: [],
    triggers: {},
    window: { starts_at: null, ends_at: null },
    priority: 0,
  };
}

/** The frequency a new experience of the type starts with. */
export function defaultFrequency(type: ExperienceType): Frequency | null {
  return FREQUENCY_KINDS[type] ? { kind: 'once' } : null;
}

/** Types whose empty definition is valid, so that createExperience may leave the draft out. */
export const EMPTY_CONTENT: { readonly [T in ExperienceType]?: () => ContentOf<T> } = {
  tour: () => ({ steps: [], feedback: { enabled: false, question: 'How was this tour?' } }),
  program: () => ({ sections: [] }),
  survey: () => ({ questions: [], placement: 'corner', thank_you: 'Thank you!' }),
};

/** The empty definition of a type, or null when the type has required content (a banner's message). */
export function emptyDefinition(type: ExperienceType): Definition | null {
  const content = EMPTY_CONTENT[type];
  return content
    ? { targeting: defaultTargeting(), frequency: defaultFrequency(type), content: content() }
    : null;
}

/** T with every `id` optional, at any depth (unions distribute). */
export type OptionalIds<T> = T extends readonly (infer U)[]
  ? OptionalIds<U>[]
  : T extends object
    ? { [K in keyof T as K extends 'id' ? never : K]: OptionalIds<T[K]> } & ('id' extends keyof T
        ? { id?: string }
        : unknown)
    : T;

/** A definition as a writer sends it: steps, sections, items, questions and options may lack ids. */
export type DefinitionInput = OptionalIds<Definition>;
