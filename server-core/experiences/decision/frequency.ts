import { DAY } from '../../lib/clock';
import type { Frequency } from '../definition';

/** What the ledger knows of one person and one experience (sessions of every version and trigger). */
export interface SessionHistory {
  sessions: number;
  /** ms since the epoch; null without sessions. */
  lastStartedAt: number | null;
  completed: boolean;
  /** The person's active session of it, if any (the newest when several). */
  active: ActiveSession | null;
}

export interface ActiveSession {
  sessionId: string;
  versionId: string;
  /** The step the session is on; null before its first step is recorded. */
  stepId: string | null;
  startedAt: number;
}

export const NO_HISTORY: SessionHistory = {
  sessions: 0,
  lastStartedAt: null,
  completed: false,
  active: null,
};

/**
 * May this experience be auto-started again (docs/decisions/experiences.md#frequency)? `once`: never
 * after any session; `unlimited`: always; `limited`: fewer than `times` sessions and the last started
 * at least `days_apart` days ago. A completed experience is never auto-started again unless unlimited.
 * The active-session exclusion is the caller's (it holds for every kind).
 */
export function frequencyAllows(freq: Frequency, history: SessionHistory, now: number): boolean {
  switch (freq.kind) {
    case 'unlimited':
      return true;
    case 'once':
      return history.sessions === 0 && !history.completed;
    case 'limited': {
      if (history.completed || history.sessions >= freq.times) return false;
      return history.lastStartedAt === null || now - history.lastStartedAt >= freq.days_apart * DAY;
    }
    default:
      return false;
  }
}
