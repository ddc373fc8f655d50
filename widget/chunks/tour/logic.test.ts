import { expect, it } from 'vitest';
import { DEFINITION_LIMITS } from '../../../server-core/experiences/definition';
import { arrowAt, DEFAULT_WAIT_MS, MAX_WAIT_MS, startIndex, stepKey, tabHop, uncover, waitMs } from './logic';

it('waits for a late target as long as the step says, within the authoring limits', () => {
  expect([DEFAULT_WAIT_MS, MAX_WAIT_MS]).toEqual([
    DEFINITION_LIMITS.defaultWaitMs,
    DEFINITION_LIMITS.maxWaitMs,
  ]);
  expect(waitMs(1200)).toBe(1200);
  expect(waitMs(0)).toBe(0);
  expect(waitMs(90_000)).toBe(30_000);
  for (const odd of [undefined, null, -1, '800', Number.NaN]) expect(waitMs(odd)).toBe(5000);
});

it('starts at the step named by startAt, else at the first', () => {
  const steps = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  expect(startIndex(steps, 'c')).toBe(2);
  expect(startIndex(steps)).toBe(0);
  expect(startIndex(steps, 'gone')).toBe(0);
});

it('keys inside a step: Escape dismisses, arrows go back and forth only where there is somewhere to go', () => {
  const all = { inField: false, canBack: true, canNext: true };
  expect(stepKey('Escape', all)).toBe('dismissed');
  expect(stepKey('Escape', { ...all, inField: true })).toBe('dismissed');
  expect(stepKey('ArrowRight', all)).toBe('next');
  expect(stepKey('ArrowLeft', all)).toBe('back');
  // In the comment box the arrows move the caret; on the first step there is no Back; on the last
  // step or a target_click step there is no Next by arrow.
  expect(stepKey('ArrowRight', { ...all, inField: true })).toBeNull();
  expect(stepKey('ArrowLeft', { ...all, canBack: false })).toBeNull();
  expect(stepKey('ArrowRight', { ...all, canNext: false })).toBeNull();
  for (const other of ['Enter', ' ', 'Tab', 'ArrowUp', 'a']) expect(stepKey(other, all)).toBeNull();
});

it('Tab: a modal step wraps, a target_click step hands over to its target, other steps keep the browser order', () => {
  const middle = { first: false, last: false };
  const first = { first: true, last: false };
  const last = { first: false, last: true };
  const modal = { modal: true, target: false };
  const anchored = { modal: false, target: false };
  const click = { modal: false, target: true };
  expect(tabHop(false, last, modal)).toBe('first');
  expect(tabHop(true, first, modal)).toBe('last');
  expect(tabHop(false, last, click)).toBe('target');
  expect(tabHop(true, first, click)).toBeNull();
  expect(tabHop(false, last, anchored)).toBeNull();
  expect(tabHop(true, first, anchored)).toBeNull();
  for (const step of [modal, anchored, click]) {
    expect(tabHop(false, middle, step)).toBeNull();
    expect(tabHop(true, middle, step)).toBeNull();
  }
});

it('scrolls a target out from under a pinned header by the overlap and a gap', () => {
  expect(uncover(30, 100)).toBe(82);
  expect(uncover(-200, 64, 8)).toBe(272);
  expect(uncover(120, 100)).toBe(0);
  expect(uncover(100, 100)).toBe(12);
});

it('puts the arrow under the target’s centre, never into the step’s rounded corners', () => {
  // A 340 px step starting at x=8 under a target centred at 56: the 12 px arrow at 56 - 8 - 6.
  expect(arrowAt(56, 8, 340)).toBe(42);
  expect(arrowAt(0, 8, 340)).toBe(10);
  expect(arrowAt(900, 8, 340)).toBe(318);
  expect(arrowAt(100.4, 0, 200)).toBe(94);
});
