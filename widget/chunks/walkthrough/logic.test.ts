import { describe, expect, it } from 'vitest';
import {
  actionOf,
  advanceOn,
  afterRecord,
  cardText,
  hasElement,
  nextShown,
  pageUrl,
  plan,
  position,
  shownFrom,
} from './logic';
import type { GuideStep } from './types';

const step = (id: string, over: Partial<GuideStep> = {}): GuideStep => ({
  id,
  seq: 1,
  type: 'click',
  text: `Text ${id}`,
  element: {
    selector_candidates: [`#${id}`],
    role: null,
    name: null,
    tag: null,
    nearest_landmark: null,
    ancestors: [],
  },
  walkthrough: { enabled: true, alternate_text: null, input_placeholder: null },
  input: { masked: false },
  ...over,
});
const off = (id: string) =>
  step(id, { walkthrough: { enabled: false, alternate_text: null, input_placeholder: null } });

describe('advancing', () => {
  it('click on the element, change or Enter for inputs and selects, a URL change for navigate, else Next', () => {
    expect(['click', 'input', 'type', 'select', 'navigate', 'hover', 'note', ''].map(advanceOn)).toEqual([
      'click',
      'change',
      'change',
      'change',
      'route',
      'next',
      'next',
      'next',
    ]);
  });
  it('skips steps whose walkthrough is disabled, both ways, and says past-the-end and before-the-start', () => {
    const steps = [off('a'), step('b'), off('c'), off('d'), step('e')];
    expect(nextShown(steps, -1, 1)).toBe(1);
    expect(nextShown(steps, 1, 1)).toBe(4);
    expect(nextShown(steps, 4, 1)).toBe(5);
    expect(nextShown(steps, 4, -1)).toBe(1);
    expect(nextShown(steps, 1, -1)).toBe(-1);
    expect(shownFrom(steps, 0)).toBe(1);
    expect(shownFrom(steps, 2)).toBe(4);
    expect(shownFrom(steps, 9)).toBe(5);
  });
  it('"Step n of m" counts the shown steps only', () => {
    const steps = [off('a'), step('b'), off('c'), step('d')];
    expect(position(steps, 1)).toEqual({ n: 1, total: 2 });
    expect(position(steps, 3)).toEqual({ n: 2, total: 2 });
  });
  it('shows the alternate text when there is one', () => {
    expect(cardText(step('a'))).toBe('Text a');
    expect(
      cardText(
        step('a', { walkthrough: { enabled: true, alternate_text: 'Other', input_placeholder: null } }),
      ),
    ).toBe('Other');
  });
  it('a step without selectors, role or name is shown without an element', () => {
    expect(hasElement(step('a').element)).toBe(true);
    const none = { ...step('a').element, selector_candidates: [] };
    expect(hasElement(none)).toBe(false);
    expect(hasElement({ ...none, name: 'Save' })).toBe(true);
    expect(hasElement({ ...none, tag: 'button' })).toBe(false);
  });
});

describe('the automation runner', () => {
  it('maps step types to the wire actions (type is input; others are not acted on)', () => {
    expect(['click', 'input', 'type', 'select', 'navigate', 'hover', 'scroll'].map(actionOf)).toEqual([
      'click',
      'input',
      'input',
      'select',
      'navigate',
      null,
      null,
    ]);
  });
  it('fills a pre-fill value only for its step, never for a masked step or a password field', () => {
    const s = step('s1', { type: 'input' });
    expect(plan(s, 'click', {}, false)).toEqual({ do: 'click' });
    expect(plan(s, 'input', { s1: 'Ada' }, false)).toEqual({ do: 'fill', value: 'Ada' });
    expect(plan(s, 'input', { s1: '' }, false)).toEqual({ do: 'fill', value: '' });
    expect(plan(s, 'select', { other: 'x' }, false)).toEqual({ do: 'wait' });
    expect(plan(s, 'input', { s1: 'Ada' }, true)).toEqual({ do: 'wait' });
    expect(plan({ ...s, input: { masked: true } }, 'input', { s1: 'secret' }, false)).toEqual({ do: 'wait' });
  });
  it('a refused record aborts as refused, a closed run ends quietly, anything else fails with error', () => {
    expect(afterRecord(201)).toBeNull();
    expect(afterRecord(403)).toEqual({ state: 'aborted', reason: 'refused' });
    expect(afterRecord(409)).toBe('closed');
    for (const status of [0, 404, 422, 429, 500])
      expect(afterRecord(status)).toEqual({ state: 'failed', reason: 'error' });
  });
  it('sends the page URL without its query (the hash carries SPA routes)', () => {
    expect(pageUrl(new URL('https://app.example.com/a/b?token=secret&x=1#/settings'))).toBe(
      'https://app.example.com/a/b#/settings',
    );
    expect(pageUrl(new URL('http://localhost:8080/'))).toBe('http://localhost:8080/');
  });
});
