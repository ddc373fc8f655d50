import { RE2JS } from 're2js';
import { ATTRIBUTE_KEY } from '../contacts/attribute-rules';
import { checkEventName } from '../events/event-rules';
import { DomainError, type Issue } from '../lib/errors';
import { newId, parseUlid } from '../lib/ulid';
import {
  ANCHORED_BANNER_PLACEMENTS,
  type AnnouncementContent,
  type BannerContent,
  DEFINITION_ID,
  type Definition,
  type DefinitionInput,
  FREQUENCY_KINDS,
  DEFINITION_LIMITS as L,
  type LauncherContent,
  type ProgramContent,
  type SurveyContent,
  type Targeting,
  type TourContent,
  type TrackerContent,
  type UrlRule,
} from './definition';
import type { ExperienceType } from './experience';

/**
 * The domain rules of a definition, checked by every writer before a draft is saved (the contract checks
 * the shape first; these hold whoever calls): URL rules that are sane and regexes that RE2 compiles, the
 * limits of DEFINITION_LIMITS, each type's frequency rule, links and references that are well-formed, ids
 * unique. Every broken rule is reported, each naming its path under `draft`.
 * docs/decisions/experiences.md records the rules.
 */

type Report = (path: string, code: string, message: string) => void;

const CONTROL = /\p{Cc}/u;
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u;
const ABSOLUTE_HTTP = /^https?:\/\/[^/?#]+/i;

/**
 * What is wrong with a URL rule, or null. `regex`: at most 500 characters, compiled by RE2 (no
 * lookaround, no backreferences; linear-time matching). The others: a path (`/…`) or an absolute http(s)
 * URL, without whitespace; in `wildcard`, `*` may stand anywhere, the host included.
 */
export function urlRuleProblem(rule: UrlRule): { code: string; message: string } | null {
  const { value } = rule;
  if (value.length === 0) return { code: 'required', message: 'A URL rule needs a value.' };
  if (value.length > L.urlValueChars)
    return { code: 'too_long', message: `At most ${L.urlValueChars} characters.` };
  if (rule.match === 'regex') {
    if (value.length > L.regexChars)
      return { code: 'regex_too_long', message: `A regex has at most ${L.regexChars} characters.` };
    if (CONTROL.test(value)) return { code: 'regex_invalid', message: 'A regex has no control characters.' };
    try {
      RE2JS.compile(value);
    } catch (e) {
      return { code: 'regex_invalid', message: `RE2 does not compile it: ${(e as Error).message}` };
    }
    return null;
  }
  if (WHITESPACE_OR_CONTROL.test(value))
    return { code: 'url_rule_value', message: 'A URL rule has no whitespace or control characters.' };
  if (value.startsWith('/')) return null;
  const probe = rule.match === 'wildcard' ? value.replaceAll('*', 'x') : value;
  if (ABSOLUTE_HTTP.test(probe) && URL.canParse(probe)) return null;
  return {
    code: 'url_rule_value',
    message: 'Start with / (the path and query) or http(s):// (the whole URL).',
  };
}

/** A link a person follows: an absolute http(s) URL or a path on the same site. */
export function linkProblem(url: string): { code: string; message: string } | null {
  if (url.length === 0) return { code: 'required', message: 'A link needs a URL.' };
  if (url.length > L.linkChars) return { code: 'too_long', message: `At most ${L.linkChars} characters.` };
  if (WHITESPACE_OR_CONTROL.test(url))
    return { code: 'link', message: 'A link has no whitespace or control characters.' };
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  if (ABSOLUTE_HTTP.test(url) && URL.canParse(url)) return null;
  return { code: 'link', message: 'Use an http(s) URL or a path starting with /.' };
}

function textRule(report: Report, path: string, value: string, max: number, required = false): void {
  if (required && value.trim().length === 0) report(path, 'required', 'This text may not be empty.');
  else if (value.length > max) report(path, 'too_long', `At most ${max} characters.`);
}

function countRule(report: Report, path: string, list: readonly unknown[], max: number): void {
  if (list.length > max) report(path, 'too_many', `At most ${max} entries.`);
}

function intRule(report: Report, path: string, n: number, min: number, max: number): void {
  if (!Number.isInteger(n) || n < min || n > max)
    report(path, 'out_of_range', `An integer from ${min} to ${max}.`);
}

function dateRule(report: Report, path: string, value: string | null): number | null {
  if (value === null) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) {
    report(path, 'date_time', 'An ISO 8601 date-time.');
    return null;
  }
  return at;
}

function windowRule(report: Report, path: string, starts: string | null, ends: string | null): void {
  const from = dateRule(report, `${path}starts_at`, starts);
  const to = dateRule(report, `${path}ends_at`, ends);
  if (from !== null && to !== null && from >= to)
    report(`${path}ends_at`, 'window_order', 'ends_at comes after starts_at.');
}

function selectorRule(report: Report, path: string, selector: string): void {
  textRule(report, path, selector, L.selectorChars, true);
}

function eventNameRule(report: Report, path: string, name: string): void {
  const broken = checkEventName(name);
  if (broken) report(path, broken.rule, broken.message);
}

function refRule(report: Report, path: string, id: string | undefined): void {
  if (id === undefined || parseUlid(id) === null)
    report(path, 'ulid', 'The id of an experience or guide (a ULID).');
}

/** Ids are unique within their definition (steps, sections and items, questions, options of a question). */
function idRule(report: Report, seen: Set<string>, path: string, id: string | undefined): void {
  if (id === undefined) return;
  if (!DEFINITION_ID.test(id)) report(path, 'id', `Ids match ${DEFINITION_ID.source}.`);
  else if (seen.has(id)) report(path, 'duplicate_id', 'Another entry of this definition has this id.');
  seen.add(id);
}

function checkUrlRules(report: Report, path: string, rules: UrlRule[]): void {
  countRule(report, path, rules, L.urlRulesPerList);
  rules.forEach((rule, i) => {
    const problem = urlRuleProblem(rule);
    if (problem) report(`${path}.${i}.value`, problem.code, problem.message);
  });
}

function checkTargeting(report: Report, t: Targeting): void {
  const at = 'draft.targeting';
  checkUrlRules(report, `${at}.pages.include`, t.pages.include);
  checkUrlRules(report, `${at}.pages.exclude`, t.pages.exclude);
  countRule(report, `${at}.attributes`, t.attributes, L.attributeConditions);
  t.attributes.forEach((c, i) => {
    const p = `${at}.attributes.${i}`;
    if (!ATTRIBUTE_KEY.test(c.key)) report(`${p}.key`, 'key_pattern', `Keys match ${ATTRIBUTE_KEY.source}.`);
    const needsValue = c.op !== 'exists' && c.op !== 'not_exists';
    if (needsValue && c.value === undefined)
      report(`${p}.value`, 'required', `${c.op} compares with a value.`);
    if (
      (c.op === 'greater_than' || c.op === 'less_than') &&
      c.value !== undefined &&
      typeof c.value !== 'number'
    )
      report(`${p}.value`, 'number', `${c.op} compares with a number.`);
    if (typeof c.value === 'string') textRule(report, `${p}.value`, c.value, L.attributeValueChars);
  });
  countRule(report, `${at}.events`, t.events, L.eventConditions);
  t.events.forEach((c, i) => {
    const p = `${at}.events.${i}`;
    eventNameRule(report, `${p}.name`, c.name);
    if (c.at_least !== undefined) intRule(report, `${p}.at_least`, c.at_least, 1, L.maxAtLeast);
    if (c.within_days !== undefined)
      intRule(report, `${p}.within_days`, c.within_days, 1, L.maxEventWithinDays);
  });
  countRule(report, `${at}.elements`, t.elements, L.elementConditions);
  t.elements.forEach((c, i) => {
    selectorRule(report, `${at}.elements.${i}.selector`, c.selector);
  });
  const tr = t.triggers;
  if (tr.custom_event !== undefined) eventNameRule(report, `${at}.triggers.custom_event`, tr.custom_event);
  if (tr.time_on_page_seconds !== undefined)
    intRule(
      report,
      `${at}.triggers.time_on_page_seconds`,
      tr.time_on_page_seconds,
      0,
      L.maxTimeOnPageSeconds,
    );
  if (tr.scroll_depth_percent !== undefined)
    intRule(report, `${at}.triggers.scroll_depth_percent`, tr.scroll_depth_percent, 0, 100);
  windowRule(report, `${at}.window.`, t.window.starts_at, t.window.ends_at);
  intRule(report, `${at}.priority`, t.priority, 0, L.maxPriority);
}

function checkTour(report: Report, c: TourContent): void {
  const seen = new Set<string>();
  countRule(report, 'draft.content.steps', c.steps, L.tourSteps);
  c.steps.forEach((s, i) => {
    const p = `draft.content.steps.${i}`;
    idRule(report, seen, `${p}.id`, s.id);
    textRule(report, `${p}.title`, s.title, L.stepTitleChars);
    textRule(report, `${p}.body`, s.body, L.stepBodyChars);
    if (s.title.trim() === '' && s.body.trim() === '')
      report(`${p}.body`, 'required', 'A step has a title or a body.');
    if (s.target) selectorRule(report, `${p}.target.selector`, s.target.selector);
    if (s.advance === 'target_click' && !s.target)
      report(`${p}.advance`, 'needs_target', 'A step advanced by a click on its target needs a target.');
    if (s.page) {
      const problem = urlRuleProblem(s.page);
      if (problem) report(`${p}.page.value`, problem.code, problem.message);
    }
    intRule(report, `${p}.wait_ms`, s.wait_ms, 0, L.maxWaitMs);
  });
  textRule(
    report,
    'draft.content.feedback.question',
    c.feedback.question,
    L.feedbackQuestionChars,
    c.feedback.enabled,
  );
}

const ITEM_FIELDS = {
  tour: 'tour_id',
  guide: 'guide_id',
  article: 'article_slug',
  url: 'url',
  event: 'event_name',
} as const;
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkProgram(report: Report, c: ProgramContent): void {
  const seen = new Set<string>();
  countRule(report, 'draft.content.sections', c.sections, L.programSections);
  c.sections.forEach((section, i) => {
    const sp = `draft.content.sections.${i}`;
    idRule(report, seen, `${sp}.id`, section.id);
    textRule(report, `${sp}.title`, section.title, L.itemTitleChars);
    countRule(report, `${sp}.items`, section.items, L.programItemsPerSection);
    section.items.forEach((item, j) => {
      const p = `${sp}.items.${j}`;
      idRule(report, seen, `${p}.id`, item.id);
      textRule(report, `${p}.title`, item.title, L.itemTitleChars, true);
      textRule(report, `${p}.description`, item.description, L.itemDescriptionChars);
      for (const [kind, field] of Object.entries(ITEM_FIELDS)) {
        if (kind !== item.kind && item[field] !== undefined)
          report(`${p}.${field}`, 'not_for_kind', `A ${item.kind} item has no ${field}.`);
      }
      switch (item.kind) {
        case 'tour':
          refRule(report, `${p}.tour_id`, item.tour_id);
          break;
        case 'guide':
          refRule(report, `${p}.guide_id`, item.guide_id);
          break;
        case 'article':
          if (!item.article_slug || !ARTICLE_SLUG.test(item.article_slug) || item.article_slug.length > 120)
            report(`${p}.article_slug`, 'slug', 'The slug of an article.');
          break;
        case 'url': {
          const problem = linkProblem(item.url ?? '');
          if (problem) report(`${p}.url`, problem.code, problem.message);
          break;
        }
        case 'event':
          eventNameRule(report, `${p}.event_name`, item.event_name ?? '');
          break;
      }
    });
  });
}

function checkLauncher(report: Report, c: LauncherContent): void {
  selectorRule(report, 'draft.content.target.selector', c.target.selector);
  if (c.kind === 'button') textRule(report, 'draft.content.label', c.label ?? '', L.launcherLabelChars, true);
  else if (c.label !== null)
    report('draft.content.label', 'not_for_kind', 'Only a button launcher has a label.');
  const a = c.action;
  if (a.type === 'tooltip') textRule(report, 'draft.content.action.text', a.text, L.tooltipChars, true);
  if (a.type === 'start_tour') refRule(report, 'draft.content.action.tour_id', a.tour_id);
  if (a.type === 'open_url') {
    const problem = linkProblem(a.url);
    if (problem) report('draft.content.action.url', problem.code, problem.message);
  }
}

function checkBanner(report: Report, c: BannerContent): void {
  textRule(report, 'draft.content.message', c.message, L.bannerMessageChars, true);
  if (c.button) {
    textRule(report, 'draft.content.button.label', c.button.label, L.buttonLabelChars, true);
    if ((c.button.url === null) === (c.button.action === null))
      report('draft.content.button', 'url_or_action', 'A button has a url or an action, not both.');
    if (c.button.url !== null) {
      const problem = linkProblem(c.button.url);
      if (problem) report('draft.content.button.url', problem.code, problem.message);
    }
  }
  const anchored = ANCHORED_BANNER_PLACEMENTS.includes(c.placement);
  if (anchored && !c.target)
    report('draft.content.target', 'required', `A banner placed ${c.placement} needs a target.`);
  if (!anchored && c.target)
    report('draft.content.target', 'not_for_placement', `A ${c.placement} banner has no target.`);
  if (c.target) selectorRule(report, 'draft.content.target.selector', c.target.selector);
  if (anchored && c.sticky)
    report('draft.content.sticky', 'not_for_placement', 'Only top and bottom banners stick.');
}

function checkAnnouncement(report: Report, c: AnnouncementContent): void {
  textRule(report, 'draft.content.title', c.title, L.announcementTitleChars, true);
  textRule(report, 'draft.content.body', c.body, L.announcementBodyChars);
  windowRule(report, 'draft.content.', c.starts_at, c.ends_at);
}

function checkSurvey(report: Report, c: SurveyContent): void {
  const seen = new Set<string>();
  countRule(report, 'draft.content.questions', c.questions, L.surveyQuestions);
  c.questions.forEach((q, i) => {
    const p = `draft.content.questions.${i}`;
    idRule(report, seen, `${p}.id`, q.id);
    textRule(report, `${p}.prompt`, q.prompt, L.questionPromptChars, true);
    if (q.attribute_key !== null && !ATTRIBUTE_KEY.test(q.attribute_key))
      report(`${p}.attribute_key`, 'key_pattern', `Keys match ${ATTRIBUTE_KEY.source}.`);
    if (q.kind === 'scale') {
      intRule(report, `${p}.min`, q.min, L.scaleMin, L.scaleMax);
      intRule(report, `${p}.max`, q.max, L.scaleMin, L.scaleMax);
      if (q.min >= q.max) report(`${p}.max`, 'scale_order', 'max is above min.');
      textRule(report, `${p}.min_label`, q.min_label, L.scaleLabelChars);
      textRule(report, `${p}.max_label`, q.max_label, L.scaleLabelChars);
    }
    if (q.kind === 'choice') {
      const options = new Set<string>();
      if (q.options.length < 2) report(`${p}.options`, 'too_few', 'A choice offers at least 2 options.');
      countRule(report, `${p}.options`, q.options, L.choiceOptions);
      q.options.forEach((o, j) => {
        idRule(report, options, `${p}.options.${j}.id`, o.id);
        textRule(report, `${p}.options.${j}.label`, o.label, L.optionLabelChars, true);
      });
    }
    if (q.kind === 'freetext') textRule(report, `${p}.placeholder`, q.placeholder, L.placeholderChars);
  });
  textRule(report, 'draft.content.thank_you', c.thank_you, L.thankYouChars);
}

function checkTracker(report: Report, c: TrackerContent): void {
  eventNameRule(report, 'draft.content.event_name', c.event_name);
}

const CONTENT_RULES: { [T in ExperienceType]: (report: Report, c: never) => void } = {
  tour: checkTour,
  program: checkProgram,
  launcher: checkLauncher,
  banner: checkBanner,
  announcement: checkAnnouncement,
  survey: checkSurvey,
  tracker: checkTracker,
};

/** Every broken rule of a definition of this type (empty when it may be saved). */
export function definitionIssues(type: ExperienceType, def: Definition): Issue[] {
  const issues: Issue[] = [];
  const report: Report = (path, code, message) => issues.push({ path, code, message });
  checkTargeting(report, def.targeting);
  const kinds = FREQUENCY_KINDS[type];
  if (kinds === null && def.frequency !== null)
    report('draft.frequency', 'no_frequency', `A ${type} has no frequency (null).`);
  else if (kinds !== null && def.frequency === null)
    report('draft.frequency', 'required', `A ${type} needs a frequency: ${kinds.join(', ')}.`);
  else if (kinds !== null && def.frequency !== null) {
    const f = def.frequency;
    if (!kinds.includes(f.kind))
      report('draft.frequency.kind', 'frequency_kind', `A ${type} takes ${kinds.join(' or ')}.`);
    if (f.kind === 'limited') {
      intRule(report, 'draft.frequency.times', f.times, 1, L.frequencyMaxTimes);
      intRule(report, 'draft.frequency.days_apart', f.days_apart, 0, L.frequencyMaxDaysApart);
    }
  }
  (CONTENT_RULES[type] as (report: Report, c: unknown) => void)(report, def.content);
  return issues;
}

/**
 * A validation_failed naming every issue, or nothing. `location` is `body` when a save checks the draft
 * it was sent, `draft` when a publish checks the saved one.
 */
export function throwIssues(issues: Issue[], location: 'body' | 'draft' = 'body'): void {
  if (issues.length > 0) throw new DomainError('validation_failed', { location, issues });
}

/** Checks a definition before it is saved (throws validation_failed naming every broken rule). */
export function checkDefinition(type: ExperienceType, def: Definition): void {
  throwIssues(definitionIssues(type, def));
}

/**
 * The definition with an id on every step, section, item, question and choice option that has none
 * (ULIDs), and references lower-cased: what a save stores, so ids stay stable across drafts and versions.
 */
export function withIds(type: ExperienceType, input: DefinitionInput, now: Date): Definition {
  const def = input as Definition;
  const id = (given: string | undefined) => given ?? newId(now);
  const ref = (given: string | undefined) => (given === undefined ? undefined : (parseUlid(given) ?? given));
  switch (type) {
    case 'tour': {
      const c = def.content as TourContent;
      return { ...def, content: { ...c, steps: c.steps.map((s) => ({ ...s, id: id(s.id) })) } };
    }
    case 'program': {
      const c = def.content as ProgramContent;
      const sections = c.sections.map((s) => ({
        ...s,
        id: id(s.id),
        items: s.items.map((item) => {
          const out = { ...item, id: id(item.id) };
          if (item.tour_id !== undefined) out.tour_id = ref(item.tour_id);
          if (item.guide_id !== undefined) out.guide_id = ref(item.guide_id);
          return out;
        }),
      }));
      return { ...def, content: { sections } };
    }
    case 'survey': {
      const c = def.content as SurveyContent;
      const questions = c.questions.map((q) =>
        q.kind === 'choice'
          ? { ...q, id: id(q.id), options: q.options.map((o) => ({ ...o, id: id(o.id) })) }
          : { ...q, id: id(q.id) },
      );
      return { ...def, content: { ...c, questions } };
    }
    case 'launcher': {
      const c = def.content as LauncherContent;
      return c.action.type === 'start_tour'
        ? { ...def, content: { ...c, action: { ...c.action, tour_id: ref(c.action.tour_id)! } } }
        : def;
    }
    default:
      return def;
  }
}
