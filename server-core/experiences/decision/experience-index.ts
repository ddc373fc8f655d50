import type { RE2JS } from 're2js';
import {
  ATTRIBUTE_OPS,
  type AttributeCondition,
  AUDIENCES,
  type Audience,
  type BrowserTriggers,
  type EventCondition,
  type Frequency,
  PROGRAM_ITEM_KINDS,
  type ProgramContent,
  type UrlRule,
} from '../definition';
import { EXPERIENCE_TYPES, type ExperienceType } from '../experience';
import { type EventNeed, eventNeedsOf } from './events';
import { compileUrlRule, type UrlTest } from './url-match';
import { watchKey } from './watch';

/**
 * The per-workspace index of published versions the decision runs on: every published experience's
 * live version with its rules compiled once (URL tests, regexes), ordered by priority (higher first,
 * ties by the older experience). Built from one query (load-index.ts), cached per node (index-cache.ts).
 */
export interface ExperienceIndex {
  workspaceId: string;
  experiences: IndexedExperience[];
  byId: ReadonlyMap<string, IndexedExperience>;
  /** Every watch key some experience uses: page facts under other keys are not stored. */
  watchKeys: ReadonlySet<string>;
}

export interface IndexedExperience {
  id: string;
  type: ExperienceType;
  name: string;
  versionId: string;
  priority: number;
  /** ms since the epoch; null is open. */
  startsAt: number | null;
  endsAt: number | null;
  audience: Audience;
  include: UrlTest[];
  exclude: UrlTest[];
  attributes: AttributeCondition[];
  events: EventCondition[];
  eventNeeds: EventNeed[];
  elements: { key: string; selector: string; present: boolean }[];
  triggers: BrowserTriggers;
  /** Tours and surveys; a tour without one is `once`. */
  frequency: Frequency | null;
  /** Tours: the steps with their page rules compiled. */
  steps: CompiledStep[];
  /** Programs: the sections and items. */
  program: ProgramContent | null;
  /** The version's content as published (what part-2 evaluators read, through read-content.ts). */
  content: unknown;
  /** When the live version was published (ms since the epoch); null when unknown. */
  publishedAt: number | null;
}

export interface CompiledStep {
  id: string;
  /** null: any page. */
  page: UrlTest | null;
}

/** A row of the index query: a published experience and its live version's definition. */
export interface PublishedRow {
  id: string;
  type: string;
  name: string;
  version_id: string;
  definition: unknown;
  /** The live version's published_at (announcements are listed newest first). */
  published_at?: Date | string | null;
}

export type RegexCache = Map<string, RE2JS | null>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isRule = (v: unknown): v is UrlRule =>
  isObject(v) && typeof v.match === 'string' && typeof v.value === 'string';
const timeOf = (v: unknown): number | null => {
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
};

/** A tour's steps, each with its page rule compiled; [] when the content holds none. */
export function compileSteps(content: unknown, regexCache?: RegexCache): CompiledStep[] {
  if (!isObject(content)) return [];
  return arrayOf(content.steps)
    .filter((s): s is Record<string, unknown> => isObject(s) && typeof s.id === 'string')
    .map((s) => ({ id: s.id as string, page: isRule(s.page) ? compileUrlRule(s.page, regexCache) : null }));
}

function readProgram(content: unknown): ProgramContent | null {
  if (!isObject(content)) return null;
  const sections = arrayOf(content.sections)
    .filter(isObject)
    .map((s) => ({
      id: String(s.id ?? ''),
      title: String(s.title ?? ''),
      items: arrayOf(s.items)
        .filter(
          (i): i is Record<string, unknown> =>
            isObject(i) &&
            typeof i.id === 'string' &&
            (PROGRAM_ITEM_KINDS as readonly unknown[]).includes(i.kind),
        )
        .map((i) => i as unknown as ProgramContent['sections'][number]['items'][number]),
    }));
  return { sections };
}

function readFrequency(v: unknown): Frequency | null {
  if (!isObject(v)) return null;
  if (v.kind === 'once' || v.kind === 'unlimited') return { kind: v.kind };
  if (v.kind === 'limited' && typeof v.times === 'number' && typeof v.days_apart === 'number') {
    return { kind: 'limited', times: v.times, days_apart: v.days_apart };
  }
  return null;
}

/**
 * One experience compiled, or null when its definition is not one the decision can use (a version
 * published before definitions existed, or a tour without steps): such an experience is never delivered.
 */
export function compileExperience(row: PublishedRow, regexCache?: RegexCache): IndexedExperience | null {
  if (!(EXPERIENCE_TYPES as readonly string[]).includes(row.type)) return null;
  const def = row.definition;
  if (!isObject(def) || !isObject(def.targeting)) return null;
  const t = def.targeting;
  const pages = isObject(t.pages) ? t.pages : {};
  const window = isObject(t.window) ? t.window : {};
  const attributes = arrayOf(t.attributes).filter(
    (c): c is AttributeCondition =>
      isObject(c) && typeof c.key === 'string' && (ATTRIBUTE_OPS as readonly unknown[]).includes(c.op),
  );
  const events = arrayOf(t.events).filter(
    (c): c is EventCondition => isObject(c) && typeof c.name === 'string' && typeof c.did === 'boolean',
  );
  const elements = arrayOf(t.elements)
    .filter((c): c is { selector: string; present: boolean } => isObject(c) && typeof c.selector === 'string')
    .map((c) => ({ key: watchKey(c.selector), selector: c.selector, present: c.present !== false }));
  const type = row.type as ExperienceType;
  const steps = type === 'tour' ? compileSteps(def.content, regexCache) : [];
  if (type === 'tour' && steps.length === 0) return null;
  const program = type === 'program' ? readProgram(def.content) : null;
  if (type === 'program' && !program) return null;
  const frequency = readFrequency(def.frequency) ?? (type === 'tour' ? { kind: 'once' as const } : null);
  return {
    id: row.id,
    type,
    name: row.name,
    versionId: row.version_id,
    priority: typeof t.priority === 'number' && Number.isFinite(t.priority) ? t.priority : 0,
    startsAt: timeOf(window.starts_at),
    endsAt: timeOf(window.ends_at),
    audience: (AUDIENCES as readonly unknown[]).includes(t.audience) ? (t.audience as Audience) : 'everyone',
    include: arrayOf(pages.include)
      .filter(isRule)
      .map((r) => compileUrlRule(r, regexCache)),
    exclude: arrayOf(pages.exclude)
      .filter(isRule)
      .map((r) => compileUrlRule(r, regexCache)),
    attributes,
    events,
    eventNeeds: eventNeedsOf(events),
    elements,
    triggers: isObject(t.triggers) ? (t.triggers as BrowserTriggers) : {},
    frequency,
    steps,
    program,
    content: def.content,
    publishedAt:
      row.published_at instanceof Date ? row.published_at.getTime() : timeOf(row.published_at ?? null),
  };
}

/** Higher priority first; ties by the older experience (ULIDs sort by creation). */
export function byPriority(a: { priority: number; id: string }, b: { priority: number; id: string }): number {
  return b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function buildExperienceIndex(
  workspaceId: string,
  rows: readonly PublishedRow[],
  regexCache?: RegexCache,
): ExperienceIndex {
  const experiences = rows
    .map((r) => compileExperience(r, regexCache))
    .filter((e): e is IndexedExperience => e !== null)
    .sort(byPriority);
  return {
    workspaceId,
    experiences,
    byId: new Map(experiences.map((e) => [e.id, e])),
    watchKeys: new Set(experiences.flatMap((e) => e.elements.map((el) => el.key))),
  };
}
