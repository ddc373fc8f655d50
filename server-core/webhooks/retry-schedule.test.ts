import { expect, it } from 'vitest';
import { nextAttemptAt } from './retry-schedule';

it('attempts follow 0, +1 min, +5 min, +30 min, +2 h and stop after the fifth', () => {
  const t0 = new Date('2026-11-01T00:00:00Z');
  const minutes = (d: Date | null) => (d ? (d.getTime() - t0.getTime()) / 60_000 : null);
  expect(minutes(nextAttemptAt(1, t0))).toBe(1);
  expect(minutes(nextAttemptAt(2, t0))).toBe(5);
  expect(minutes(nextAttemptAt(3, t0))).toBe(30);
  expect(minutes(nextAttemptAt(4, t0))).toBe(120);
  expect(nextAttemptAt(5, t0)).toBeNull();
});
