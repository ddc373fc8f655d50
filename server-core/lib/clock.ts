/** Time is injected everywhere so schedules, expiries and windows are tested by moving the clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. Used by tests and by tools that replay time. */
export interface ManualClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): Date;
}

export function manualClock(start: Date | string = '2026-11-01T00:00:00.000Z'): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at).getTime();
    },
    advance(ms) {
      current += ms;
      return new Date(current);
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
