import { DomainError } from '../lib/errors';
import type { StepInput } from './guide';

/**
 * The bounds of a guide's steps (docs/decisions/content.md, Guide step bounds): what any writer may
 * store, whoever it is (the portal API, the demo seed, a capture import). writeGuideSteps checks them;
 * the BFF's schema shows the same numbers in the OpenAPI document. Field paths are dotted, from the step.
 */
export const MAX_STEPS = 200;
/** An open vocabulary of step types: click, input, navigate... */
export const STEP_TYPE = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_ANNOTATIONS_BYTES = 16 * 1024;
export const MAX_ALERT_TEXT = 1000;
/** Each selector of an element: its candidates and its ancestors' selectors, prev and next. */
export const MAX_SELECTOR_LENGTH = 1000;
export const MAX_SELECTORS = 20;

/** Longest text of each string field of a step, in characters. */
export const STEP_MAX_LENGTH = {
  text: 5000,
  'screenshot.id': 64,
  'screenshot.media_id': 128,
  'element.role': 100,
  'element.name': 500,
  'element.tag': 50,
  'element.dom_path_hash': 128,
  'element.nearest_landmark': 500,
  'element.source': 64,
  'walkthrough.alternate_text': 2000,
  'walkthrough.input_placeholder': 200,
  'app.id': 128,
  'app.name': 200,
} as const;

/** Longest list of each list field of a step. */
export const STEP_MAX_ITEMS = {
  redactions: 100,
  policy_redactions: 100,
  smart_blur_suggestions: 100,
  alerts: 10,
  'element.selector_candidates': MAX_SELECTORS,
  'element.ancestors': MAX_SELECTORS,
} as const;

/** Longest text of each field of a smart-blur suggestion. */
export const SMART_BLUR_MAX_LENGTH = { id: 64, category: 64, status: 32 } as const;

/** Throws 422 validation_failed naming the first broken bound (details: field, rule, max or pattern). */
export function checkGuideSteps(steps: readonly StepInput[]): void {
  maxItems('steps', steps, MAX_STEPS);
  for (const [i, s] of steps.entries()) checkStep(s, `steps.${i}`);
}

function checkStep(s: StepInput, at: string): void {
  if (!STEP_TYPE.test(s.type)) {
    throw new DomainError(
      'validation_failed',
      {
        field: `${at}.type`,
        rule: 'pattern',
        pattern: STEP_TYPE.source,
      },
      `${at}.type must match ${STEP_TYPE.source}.`,
    );
  }
  for (const [path, max] of Object.entries(STEP_MAX_LENGTH))
    maxLength(`${at}.${path}`, valueAt(s, path), max);
  for (const [path, max] of Object.entries(STEP_MAX_ITEMS)) maxItems(`${at}.${path}`, valueAt(s, path), max);
  for (const [j, blur] of s.smart_blur_suggestions.entries()) {
    for (const [key, max] of Object.entries(SMART_BLUR_MAX_LENGTH)) {
      maxLength(`${at}.smart_blur_suggestions.${j}.${key}`, valueAt(blur, key), max);
    }
  }
  for (const [j, alert] of s.alerts.entries())
    maxLength(`${at}.alerts.${j}.text`, alert.text, MAX_ALERT_TEXT);
  selectorList(`${at}.element.selector_candidates`, s.element?.selector_candidates);
  for (const [j, ancestor] of (s.element?.ancestors ?? []).entries()) {
    for (const key of ['selectors', 'prev', 'next'] as const) {
      selectorList(`${at}.element.ancestors.${j}.${key}`, ancestor[key]);
    }
  }
  if (JSON.stringify(s.annotations).length > MAX_ANNOTATIONS_BYTES) {
    throw new DomainError(
      'validation_failed',
      {
        field: `${at}.annotations`,
        rule: 'max_bytes',
        max: MAX_ANNOTATIONS_BYTES,
      },
      `${at}.annotations are at most ${MAX_ANNOTATIONS_BYTES} bytes of JSON.`,
    );
  }
}

function selectorList(field: string, selectors: readonly string[] | undefined): void {
  maxItems(field, selectors, MAX_SELECTORS);
  for (const [k, selector] of (selectors ?? []).entries())
    maxLength(`${field}.${k}`, selector, MAX_SELECTOR_LENGTH);
}

/** The value at a dotted path, or undefined where a part is missing or null. */
function valueAt(from: object, path: string): unknown {
  let value: unknown = from;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function maxLength(field: string, value: unknown, max: number): void {
  if (typeof value === 'string' && value.length > max) {
    throw new DomainError(
      'validation_failed',
      { field, rule: 'max_length', max },
      `${field} has at most ${max} characters.`,
    );
  }
}

function maxItems(field: string, value: unknown, max: number): void {
  if (Array.isArray(value) && value.length > max) {
    throw new DomainError(
      'validation_failed',
      { field, rule: 'max_items', max },
      `${field} has at most ${max} items.`,
    );
  }
}
