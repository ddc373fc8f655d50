import { DomainError } from '../lib/errors';
import { unstorableString } from '../lib/storable';
import { MAX_MESSAGE_CHARS } from './conversation';

/**
 * A message body as every writer must keep it: 1 to 5,000 characters once trimmed, storable (no NUL, no
 * lone surrogate). Returns the trimmed body.
 */
export function checkMessageBody(body: string, field = 'body'): string {
  const trimmed = body.trim();
  if (trimmed.length === 0) throw new DomainError('validation_failed', { field, rule: 'required' });
  if (trimmed.length > MAX_MESSAGE_CHARS) {
    throw new DomainError('validation_failed', { field, rule: 'max_length', max: MAX_MESSAGE_CHARS });
  }
  const rule = unstorableString(trimmed);
  if (rule) throw new DomainError('validation_failed', { field, rule });
  return trimmed;
}
