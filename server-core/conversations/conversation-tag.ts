import { DomainError } from '../lib/errors';
import { unstorableString } from '../lib/storable';
import { MAX_TAG_CHARS } from './conversation';

/** A tag as stored: trimmed, lower-case, 1 to 50 characters, no control characters. */
export function normalizeTag(tag: string): string {
  const t = tag.trim().toLowerCase();
  if (t.length === 0) throw new DomainError('validation_failed', { field: 'tag', rule: 'required' });
  if (t.length > MAX_TAG_CHARS)
    throw new DomainError('validation_failed', { field: 'tag', rule: 'max_length', max: MAX_TAG_CHARS });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(t))
    throw new DomainError('validation_failed', { field: 'tag', rule: 'control_character' });
  const rule = unstorableString(t);
  if (rule) throw new DomainError('validation_failed', { field: 'tag', rule });
  return t;
}
