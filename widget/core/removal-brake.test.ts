import { expect, it } from 'vitest';
import { MAX_REMOVALS, REMOVAL_WINDOW_S, tooManyRemovals } from './removal-brake';

/** The brake of one page load on a clock the test moves: `removal(t)` is one removal at t ms. */
function page() {
  const removals: number[] = [];
  return (t: number) => tooManyRemovals(removals, t);
}

it('follows the spec: more than 20 removals in 10 seconds', () => {
  expect(MAX_REMOVALS).toBe(20);
  expect(REMOVAL_WINDOW_S).toBe(10);
});

it('lets 20 removals within 10 seconds through and stops at the 21st', () => {
  const removal = page();
  for (let i = 0; i < 20; i++) expect(removal(i * 500)).toBe(false); // 0 … 9,500 ms
  expect(removal(9_999)).toBe(true);
});

it('stops at the 21st when all 21 come at the same instant', () => {
  const removal = page();
  for (let i = 0; i < 20; i++) expect(removal(1_000)).toBe(false);
  expect(removal(1_000)).toBe(true);
});

it('slides: a removal leaves the window exactly 10 seconds later, and not before', () => {
  const removal = page();
  for (let i = 0; i < 20; i++) expect(removal(i * 100)).toBe(false); // 0 … 1,900 ms
  expect(removal(10_000)).toBe(false); // the one at 0 has left: 100 … 1,900 and 10,000 make 20
  expect(removal(10_099)).toBe(true); // the one at 100 is still inside: 21
});

it('slides: after a quiet spell the page may remove the widget 20 times again', () => {
  const removal = page();
  for (let i = 0; i < 20; i++) expect(removal(i)).toBe(false);
  for (let i = 0; i < 20; i++) expect(removal(60_000 + i)).toBe(false);
  expect(removal(60_020)).toBe(true);
});

it('never stops a page removing it every 500 ms (20 in any window), stops one removing it every 499 ms', () => {
  const steady = page();
  for (let i = 0; i < 200; i++) expect(steady(i * 500)).toBe(false);
  const faster = page();
  for (let i = 0; i < 20; i++) expect(faster(i * 499)).toBe(false);
  expect(faster(20 * 499)).toBe(true);
});
