import { DomainError } from '../lib/errors';
import { pathText, RULE_MESSAGES, unstorableKey, unstorableString } from '../lib/storable';
import type { AttributeValue } from './contact';

/** Custom attributes: at most 30 keys, scalar values (spec sections 2 and 8; widget.md section 8). */
export const MAX_ATTRIBUTES = 30;
export const MAX_ATTRIBUTE_STRING = 1000;
export const ATTRIBUTE_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** An attribute patch: a value sets the key, null clears it. */
export type AttributePatch = Record<string, AttributeValue | null>;

/** Checks a patch from the outside world; throws validation_failed naming the key and rule. */
export function validateAttributePatch(input: unknown, field = 'attributes'): AttributePatch {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new DomainError('validation_failed', { field, rule: 'object' }, `${field} must be an object.`);
  }
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_ATTRIBUTES) {
    throw new DomainError(
      'validation_failed',
      {
        field,
        rule: 'max_keys',
        max: MAX_ATTRIBUTES,
      },
      `${field} has at most ${MAX_ATTRIBUTES} keys.`,
    );
  }
  for (const [key, value] of entries) {
    // __proto__ would otherwise vanish silently when the patch is merged into an object.
    const keyRule = unstorableKey(key);
    if (keyRule) {
      throw new DomainError(
        'validation_failed',
        { field: `${field}.${pathText([key])}`, rule: keyRule },
        `Attribute key ${JSON.stringify(key.slice(0, 80))} is not allowed: ${RULE_MESSAGES[keyRule]}`,
      );
    }
    if (!ATTRIBUTE_KEY.test(key)) {
      throw new DomainError(
        'validation_failed',
        {
          field: `${field}.${key.slice(0, 80)}`,
          rule: 'key_pattern',
          pattern: ATTRIBUTE_KEY.source,
        },
        `Attribute key ${JSON.stringify(key.slice(0, 80))} is not allowed.`,
      );
    }
    const ok =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= MAX_ATTRIBUTE_STRING);
    if (!ok) {
      throw new DomainError(
        'validation_failed',
        { field: `${field}.${key}`, rule: 'scalar_value' },
        `Attribute ${key} must be a string of at most ${MAX_ATTRIBUTE_STRING} characters, a finite number, a boolean or null.`,
      );
    }
    const valueRule = typeof value === 'string' ? unstorableString(value) : null;
    if (valueRule) {
      throw new DomainError(
        'validation_failed',
        { field: `${field}.${key}`, rule: valueRule },
        `Attribute ${key}: ${RULE_MESSAGES[valueRule]}`,
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
    throw new DomainError(
      'validation_failed',
      {
        field,
        rule: 'max_keys',
        max: MAX_ATTRIBUTES,
      },
      `A contact holds at most ${MAX_ATTRIBUTES} attributes.`,
    );
  }
  return next;
}
