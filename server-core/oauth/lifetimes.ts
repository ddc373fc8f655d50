import { DAY, HOUR, SECOND } from '../lib/clock';

/** An authorization code lives at most this long (issue 19: at most 60 seconds). */
export const CODE_TTL_MS = 60 * SECOND;
/** Access tokens: one hour (the token response's expires_in). */
export const ACCESS_TOKEN_TTL_MS = HOUR;
/** Refresh tokens: 30 days from their issue; each use replaces the token. */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY;
