import type { Audience } from '../retrieval/types';

export const ACCESS_LEVELS = ['public', 'authenticated', 'internal'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const SHARE_MODES = ['public', 'customers', 'private'] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

/** An article's retrieval audience: signed-in help-center readers are the customers audience. */
export function articleAudience(level: AccessLevel): Audience {
  return level === 'authenticated' ? 'customers' : level;
}

/** A guide's retrieval audience: private guides are for the workspace's own people. */
export function guideAudience(mode: ShareMode): Audience {
  return mode === 'private' ? 'internal' : mode;
}

/** The article access levels a reader with these audiences may see. */
export function accessLevelsFor(audiences: readonly Audience[]): AccessLevel[] {
  return ACCESS_LEVELS.filter((l) => audiences.includes(articleAudience(l)));
}

/** The guide share modes a reader with these audiences may see. */
export function shareModesFor(audiences: readonly Audience[]): ShareMode[] {
  return SHARE_MODES.filter((m) => audiences.includes(guideAudience(m)));
}
