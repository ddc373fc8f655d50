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

/**
 * The whole definition. `content` is typed by the experience's type; part 2 (launchers, banners,
 * announcements, surveys) adds its content shapes here. Trackers carry targeting only.
 */
export interface Definition<C = unknown> {
  targeting: Targeting;
  frequency: Frequency | null;
  content: C;
}

export type ContentOf<T extends ExperienceType> = T extends 'tour'
  ? TourContent
  : T extends 'program'
    ? ProgramContent
    : Record<string, unknown>;

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
} as const;
