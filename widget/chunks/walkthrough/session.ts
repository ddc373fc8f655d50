import { readKey, removeKey, writeKey } from '../../core/storage';
import type { Guide } from './types';

/**
 * sessionStorage state (docs/decisions/walkthroughs.md#what-sessionstorage-holds): the guide as served,
 * the step index and the URL the step began on, so a walkthrough or a run resumes after a full page load.
 * Never anything typed on the page.
 */
export interface WalkState {
  guideId: string;
  index: number;
  /** The page the current step began on (a navigate step advances once the URL differs). */
  from: string;
  guide: Guide;
}

export interface RunState extends WalkState {
  runId: string;
  /** Pre-fill values by step id: never sent, dropped with the run. */
  prefill: Record<string, string>;
  /** The current step was recorded already (a navigate step waiting across a load is not recorded twice). */
  recorded: boolean;
}

export function load<T extends WalkState>(key: string): T | null {
  try {
    const raw = readKey(key, 'session');
    const s = raw ? (JSON.parse(raw) as T) : null;
    return s && typeof s.index === 'number' && Array.isArray(s.guide?.steps) ? s : null;
  } catch {
    return null;
  }
}

export const save = (key: string, state: WalkState): void => writeKey(key, JSON.stringify(state), 'session');
export const drop = (key: string): void => removeKey(key, 'session');
