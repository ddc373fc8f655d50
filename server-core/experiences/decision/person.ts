import type { SessionHistory } from './frequency';
import type { ProgramSessionState } from './program';
import type { PersonConditions } from './targeting';

/** What one person's ledger says about them for a decision (loaded by ledger.ts, read by decide.ts). */
export interface Person extends PersonConditions {
  /** A verified contact (audience `identified`). */
  identified: boolean;
  /** Element facts the widget reported for this page, by watch key. */
  facts: ReadonlyMap<string, boolean>;
  /** Sessions per experience, matched by visitor id or (identified) contact id. */
  history: ReadonlyMap<string, SessionHistory>;
  /** Program sessions and their item states, per program experience. */
  programs: ReadonlyMap<string, ProgramSessionState>;
  /** Seen markers of session-less types per experience (launchers, banners, announcements: part 2). */
  seen: ReadonlyMap<string, SeenHistory>;
}

export interface SeenHistory {
  /** Versions seen (announcements are read per version). */
  versionIds: readonly string[];
  firstSeenAt: number;
  dismissed: boolean;
  activations: number;
}
