import { describe, expect, it } from 'vitest';
import { DomainError } from '../lib/errors';
import type { StepInput } from './guide';
import { stepInput } from './step-input';
import {
  checkGuideSteps,
  MAX_ANNOTATIONS_BYTES,
  MAX_STEPS,
  STEP_MAX_ITEMS,
  STEP_MAX_LENGTH,
} from './step-limits';

const rect = { x: 0, y: 0, w: 1, h: 1 };
const element = (over: Partial<NonNullable<StepInput['element']>> = {}): StepInput['element'] => ({
  selector_candidates: [],
  role: null,
  name: null,
  tag: null,
  bounding_box: null,
  dom_path_hash: null,
  nearest_landmark: null,
  source: null,
  ancestors: [],
  ...over,
});

/** The details of the validation_failed a list of steps breaks, or null when it keeps every bound. */
function broken(steps: StepInput[]): unknown {
  try {
    checkGuideSteps(steps);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('validation_failed');
    return (err as DomainError).details;
  }
}

describe('guide-step bounds (server-core, whoever writes)', () => {
  it('at most 200 steps', () => {
    expect(broken(Array.from({ length: MAX_STEPS }, () => stepInput('x')))).toBeNull();
    expect(broken(Array.from({ length: MAX_STEPS + 1 }, () => stepInput('x')))).toEqual({
      field: 'steps',
      rule: 'max_items',
      max: 200,
    });
  });

  it('the step type is a lower-case word of at most 32 characters', () => {
    expect(broken([stepInput('x', { type: `a${'b'.repeat(31)}` })])).toBeNull();
    for (const type of ['Click!', '', '1click', `a${'b'.repeat(32)}`]) {
      expect(broken([stepInput('x'), stepInput('x', { type })]), type).toMatchObject({
        field: 'steps.1.type',
        rule: 'pattern',
      });
    }
  });

  it('texts up to their length, one character more refused with the field named', () => {
    expect(broken([stepInput('x'.repeat(STEP_MAX_LENGTH.text))])).toBeNull();
    expect(broken([stepInput('x'.repeat(STEP_MAX_LENGTH.text + 1))])).toEqual({
      field: 'steps.0.text',
      rule: 'max_length',
      max: 5000,
    });
    const placeholder = (n: number) =>
      stepInput('x', {
        walkthrough: { enabled: true, alternate_text: null, input_placeholder: 'p'.repeat(n) },
      });
    expect(broken([placeholder(200)])).toBeNull();
    expect(broken([placeholder(201)])).toMatchObject({
      field: 'steps.0.walkthrough.input_placeholder',
      max: 200,
    });
    expect(broken([stepInput('x', { element: element({ role: 'r'.repeat(101) }) })])).toMatchObject({
      field: 'steps.0.element.role',
      max: 100,
    });
    expect(broken([stepInput('x', { app: { id: 'a', name: 'n'.repeat(201) } })])).toMatchObject({
      field: 'steps.0.app.name',
    });
    expect(broken([stepInput('x', { alerts: [{ type: 'tip', text: 't'.repeat(1001) }] })])).toMatchObject({
      field: 'steps.0.alerts.0.text',
      max: 1000,
    });
    const blur = { id: 'b', rect, category: 'email', status: 's'.repeat(33) };
    expect(broken([stepInput('x', { smart_blur_suggestions: [blur] })])).toMatchObject({
      field: 'steps.0.smart_blur_suggestions.0.status',
      max: 32,
    });
  });

  it('lists up to their size: rectangles, alerts, selectors and ancestors', () => {
    expect(broken([stepInput('x', { redactions: Array(STEP_MAX_ITEMS.redactions).fill(rect) })])).toBeNull();
    expect(broken([stepInput('x', { policy_redactions: Array(101).fill(rect) })])).toEqual({
      field: 'steps.0.policy_redactions',
      rule: 'max_items',
      max: 100,
    });
    expect(broken([stepInput('x', { alerts: Array(11).fill({ type: 'info', text: 'a' }) })])).toMatchObject({
      field: 'steps.0.alerts',
      max: 10,
    });
    expect(
      broken([stepInput('x', { element: element({ selector_candidates: Array(21).fill('#a') }) })]),
    ).toMatchObject({
      field: 'steps.0.element.selector_candidates',
      max: 20,
    });
    const ancestor = { selectors: ['#a'], prev: ['p'.repeat(1001)], next: [] };
    expect(broken([stepInput('x', { element: element({ ancestors: [ancestor] }) })])).toMatchObject({
      field: 'steps.0.element.ancestors.0.prev.0',
      rule: 'max_length',
      max: 1000,
    });
  });

  it('annotations up to 16 KB of JSON', () => {
    const annotations = (n: number) => ({ note: 'n'.repeat(n - JSON.stringify({ note: '' }).length) });
    expect(broken([stepInput('x', { annotations: annotations(MAX_ANNOTATIONS_BYTES) })])).toBeNull();
    expect(broken([stepInput('x', { annotations: annotations(MAX_ANNOTATIONS_BYTES + 1) })])).toEqual({
      field: 'steps.0.annotations',
      rule: 'max_bytes',
      max: 16384,
    });
  });
});
