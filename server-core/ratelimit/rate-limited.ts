import { DomainError } from '../lib/errors';
import type { Decision } from './rate-limiter';

/** The refusal of a spent limit: the window's limit and the seconds until it resets (Retry-After). */
export const rateLimited = (decision: Decision, message?: string) =>
  new DomainError(
    'rate_limited',
    { limit: decision.limit, retry_after_seconds: decision.resetSeconds },
    message,
  );
