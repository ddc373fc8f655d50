import { validationFailed } from '../lib/errors';
import type { AttributeValue } from './contact';

/** Custom attributes: at most 30 keys, scalar values (spec sections 2 and 8; widget.md section 8). */
export const MAX_ATTRIBUTES = 30;
export const MAX_ATTRIBUTE_STRING = 1000;
export const ATTRIBUTE_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** An attribute patch: a value sets the key, null clears it. */
export type AttributePatch = Record<string, AttributeValue | null>;

/** Checks a patch from the outside world; throws 422 naming the key and rule. */
export function validateAttributePatch(input: unknown, field = 'attributes'): AttributePatch {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw validationFailed(`${field} must be an object.`, { field, rule: 'object' });
  }
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_ATTRIBUTES) {
    throw validationFailed(`${field} has at most ${MAX_ATTRIBUTES} keys.`, {
      field,
      rule: 'max_keys',
      max: MAX_ATTRIBUTES,
    });
  }
  for (const [key, value] of entries) {
    if (!ATTRIBUTE_KEY.test(key)) {
      throw validationFailed(`Attribute key ${JSON.stringify(key.slice(0, 80))} is not allowed.`, {
        field: `${field}.${key.slice(0, 80)}`,
        rule: 'key_pattern',
        pattern: ATTRIBUTE_KEY.source,
      });
    }
    const ok =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= MAX_ATTRIBUTE_STRING);
    if (!ok) {
      throw validationFailed(
        `Attribute ${key} must be a string of at most ${MAX_ATTRIBUTE_STRING} characters, a finite number, a boolean or null.`,
        { field: `${field}.${key}`, rule: 'scalar_value' },
      );
    }
  }
  return input as AttributePatch;
}

/** Applies a patch: values set, nulls clear. The result must still fit in 30 keys. */
export function mergeAttributes(
  current: Record<string, AttributeValue>,
  patch: AttributePatch,
  field = 'attributes',
) {
  const next: Record<string, AttributeValue> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > MAX_ATTRIBUTES) {
    throw validationFailed(`A contact holds at most ${MAX_ATTRIBUTES} attributes.`, {
      field,
      rule: 'max_keys',
      max: MAX_ATTRIBUTES,
    });
  }
  return next;
}
