import {
  ANNOUNCEMENT_DISTRIBUTIONS,
  type AnnouncementDistribution,
  BANNER_ACTIONS,
  BANNER_PLACEMENTS,
  type BannerButton,
  LAUNCHER_ACTIVATIONS,
  LAUNCHER_KINDS,
  type LauncherAction,
  SURVEY_PLACEMENTS,
  SURVEY_QUESTION_KINDS,
  type SurveyQuestion,
} from '../definition';
import type { BannerView, LauncherView, SurveyView } from './views';

/**
 * The published content of the part-2 types read defensively, like readProgram: content checked at publish
 * time is trusted for its shape, but a version that does not hold what the widget needs is never delivered
 * (null). Memoized per content object: the index is cached, so each version is read once per node.
 */

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  (list as readonly unknown[]).includes(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const selectorOf = (v: unknown): { selector: string } | null =>
  isObject(v) && typeof v.selector === 'string' ? { selector: v.selector } : null;
const timeOf = (v: unknown): number | null => {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? null : t;
};

function memo<T>(read: (c: Obj) => T | null): (content: unknown) => T | null {
  const cache = new WeakMap<Obj, T | null>();
  return (content) => {
    if (!isObject(content)) return null;
    if (!cache.has(content)) cache.set(content, read(content));
    return cache.get(content) ?? null;
  };
}

export type LauncherContentView = Omit<LauncherView, 'experience_id' | 'version_id'>;
export type BannerContentView = Omit<BannerView, 'experience_id' | 'version_id'>;
export interface AnnouncementContentView {
  title: string;
  body: string;
  distribution: AnnouncementDistribution;
  /** The entry's own window (ms since the epoch; null is open), on top of the targeting window. */
  startsAt: number | null;
  endsAt: number | null;
}

function launcherAction(a: unknown): LauncherAction | null {
  if (!isObject(a)) return null;
  if (a.type === 'tooltip' && typeof a.text === 'string') return { type: 'tooltip', text: a.text };
  if (a.type === 'start_tour' && typeof a.tour_id === 'string')
    return { type: 'start_tour', tour_id: a.tour_id };
  if (a.type === 'open_help') return { type: 'open_help' };
  if (a.type === 'open_url' && typeof a.url === 'string') return { type: 'open_url', url: a.url };
  return null;
}

export const readLauncher = memo<LauncherContentView>((c) => {
  const target = selectorOf(c.target);
  const action = launcherAction(c.action);
  if (!oneOf(LAUNCHER_KINDS, c.kind) || !target || !action) return null;
  return {
    kind: c.kind,
    target,
    label: str(c.label),
    activation: oneOf(LAUNCHER_ACTIVATIONS, c.activation) ? c.activation : 'hover',
    action,
  };
});

function bannerButton(b: unknown): BannerButton | null {
  if (!isObject(b) || typeof b.label !== 'string') return null;
  return { label: b.label, url: str(b.url), action: oneOf(BANNER_ACTIONS, b.action) ? b.action : null };
}

export const readBanner = memo<BannerContentView>((c) => {
  if (typeof c.message !== 'string' || !oneOf(BANNER_PLACEMENTS, c.placement)) return null;
  const anchored = c.placement !== 'top' && c.placement !== 'bottom';
  const target = selectorOf(c.target);
  if (anchored && !target) return null;
  return {
    message: c.message,
    button: bannerButton(c.button),
    placement: c.placement,
    target: anchored ? target : null,
    sticky: !anchored && c.sticky === true,
    dismissible: c.dismissible !== false,
  };
});

export const readAnnouncement = memo<AnnouncementContentView>((c) => {
  if (typeof c.title !== 'string' || typeof c.body !== 'string') return null;
  return {
    title: c.title,
    body: c.body,
    distribution: oneOf(ANNOUNCEMENT_DISTRIBUTIONS, c.distribution) ? c.distribution : 'silent',
    startsAt: timeOf(c.starts_at),
    endsAt: timeOf(c.ends_at),
  };
});

function surveyQuestion(q: unknown): SurveyQuestion | null {
  if (!isObject(q) || typeof q.id !== 'string' || typeof q.prompt !== 'string') return null;
  if (!oneOf(SURVEY_QUESTION_KINDS, q.kind)) return null;
  const base = { id: q.id, prompt: q.prompt, attribute_key: str(q.attribute_key) };
  switch (q.kind) {
    case 'nps':
    case 'rating':
      return { ...base, kind: q.kind };
    case 'scale':
      if (!Number.isInteger(q.min) || !Number.isInteger(q.max) || (q.min as number) >= (q.max as number))
        return null;
      return {
        ...base,
        kind: 'scale',
        min: q.min as number,
        max: q.max as number,
        min_label: str(q.min_label) ?? '',
        max_label: str(q.max_label) ?? '',
      };
    case 'choice': {
      const options = (Array.isArray(q.options) ? q.options : [])
        .filter((o): o is Obj => isObject(o) && typeof o.id === 'string' && typeof o.label === 'string')
        .map((o) => ({ id: o.id as string, label: o.label as string }));
      if (options.length === 0) return null;
      return { ...base, kind: 'choice', options, multiple: q.multiple === true };
    }
    case 'freetext':
      return { ...base, kind: 'freetext', placeholder: str(q.placeholder) ?? '' };
  }
}

export const readSurvey = memo<SurveyView>((c) => {
  const raw = Array.isArray(c.questions) ? c.questions : [];
  const questions = raw.map(surveyQuestion);
  if (questions.length === 0 || questions.some((q) => q === null)) return null;
  return {
    questions: questions as SurveyQuestion[],
    placement: oneOf(SURVEY_PLACEMENTS, c.placement) ? c.placement : 'corner',
    thank_you: str(c.thank_you) ?? '',
  };
});
