import { describe, expect, it } from 'vitest';
import { DAY, manualClock } from '../../lib/clock';
import type { EventCondition } from '../definition';
import { eventConditionHolds, eventCountKey, eventNeedsOf } from './events';
import { frequencyAllows, NO_HISTORY, type SessionHistory } from './frequency';

describe('frequency', () => {
  const clock = manualClock('2026-11-01T00:00:00Z');
  const started = (n: number, lastDaysAgo: number, completed = false): SessionHistory => ({
    sessions: n,
    lastStartedAt: clock.now().getTime() - lastDaysAgo * DAY,
    completed,
    active: null,
  });
  const now = () => clock.now().getTime();

  it('once: only before any session', () => {
    expect(frequencyAllows({ kind: 'once' }, NO_HISTORY, now())).toBe(true);
    expect(frequencyAllows({ kind: 'once' }, started(1, 400), now())).toBe(false);
    expect(frequencyAllows({ kind: 'once' }, started(1, 0, true), now())).toBe(false);
  });
  it('unlimited: always, even after completion', () => {
    expect(frequencyAllows({ kind: 'unlimited' }, NO_HISTORY, now())).toBe(true);
    expect(frequencyAllows({ kind: 'unlimited' }, started(50, 0, true), now())).toBe(true);
  });
  it('limited: fewer than times sessions, days_apart since the last start, as the clock moves', () => {
    const f = { kind: 'limited' as const, times: 3, days_apart: 7 };
    const h: SessionHistory = { sessions: 1, lastStartedAt: now(), completed: false, active: null };
    expect(frequencyAllows(f, NO_HISTORY, now())).toBe(true);
    expect(frequencyAllows(f, h, now())).toBe(false);
    clock.advance(7 * DAY - 1);
    expect(frequencyAllows(f, h, now())).toBe(false);
    clock.advance(1);
    expect(frequencyAllows(f, h, now())).toBe(true);
    expect(frequencyAllows(f, { ...h, sessions: 2 }, now())).toBe(true);
    expect(frequencyAllows(f, { ...h, sessions: 3 }, now())).toBe(false);
    expect(frequencyAllows(f, { ...h, completed: true }, now())).toBe(false);
    expect(frequencyAllows({ kind: 'limited', times: 2, days_apart: 0 }, h, now())).toBe(true);
  });
  it('an unknown kind never allows', () => {
    expect(frequencyAllows({ kind: 'weekly' } as never, NO_HISTORY, now())).toBe(false);
  });
});

describe('event conditions', () => {
  const counts = new Map([
    [eventCountKey('exported', null), 3],
    [eventCountKey('exported', 7), 1],
  ]);
  const holds = (c: EventCondition) => eventConditionHolds(c, counts);

  it('did: at least at_least (default 1) in the window; did not: fewer', () => {
    expect(holds({ name: 'exported', did: true })).toBe(true);
    expect(holds({ name: 'exported', did: true, at_least: 3 })).toBe(true);
    expect(holds({ name: 'exported', did: true, at_least: 4 })).toBe(false);
    expect(holds({ name: 'exported', did: true, at_least: 2, within_days: 7 })).toBe(false);
    expect(holds({ name: 'exported', did: true, within_days: 7 })).toBe(true);
    expect(holds({ name: 'exported', did: false, at_least: 4 })).toBe(true);
    expect(holds({ name: 'exported', did: false })).toBe(false);
    expect(holds({ name: 'invited', did: true })).toBe(false);
    expect(holds({ name: 'invited', did: false })).toBe(true);
    expect(holds({ name: 'exported', did: true, within_days: 30 })).toBe(false); // not counted: 0
    expect(holds({ name: 'exported', did: true, at_least: 0 })).toBe(true);
  });
  it('anonymous: every count is 0', () => {
    expect(eventConditionHolds({ name: 'exported', did: true }, new Map())).toBe(false);
    expect(eventConditionHolds({ name: 'exported', did: false }, new Map())).toBe(true);
  });
  it('needs: one count per name and window, capped at the largest at_least', () => {
    expect(
      eventNeedsOf([
        { name: 'a', did: true },
        { name: 'a', did: false, at_least: 5 },
        { name: 'a', did: true, within_days: 7, at_least: 2 },
        { name: 'b', did: true, at_least: 2.7 },
      ]),
    ).toEqual([
      { name: 'a', withinDays: null, cap: 5 },
      { name: 'a', withinDays: 7, cap: 2 },
      { name: 'b', withinDays: null, cap: 2 },
    ]);
  });
});
