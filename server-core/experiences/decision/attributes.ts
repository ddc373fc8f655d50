import type { AttributeValue } from '../../contacts/contact';
import type { AttributeCondition } from '../definition';

/**
 * A condition on the contact's custom attributes (docs/decisions/experiences.md#targeting).
 *
 * - Numbers compare as numbers: a condition value that is a number (or a numeric string) against an
 *   attribute that is a number or a numeric string. `greater_than` / `less_than` otherwise compare
 *   ISO dates (`2026-01-31`, `2026-01-31T10:00:00Z`) as times, and anything else is false.
 * - Strings compare case-insensitively for `equals`, `not_equals` and `contains`; a boolean equals
 *   `true`/`false` in any case.
 * - Every condition but `not_exists` needs the attribute (an anonymous visitor, who has no attributes,
 *   meets none of them): `not_equals` is "has it, with another value".
 */
export function attributeConditionHolds(
  cond: AttributeCondition,
  attributes: Readonly<Record<string, AttributeValue | null | undefined>>,
): boolean {
  const has = Object.hasOwn(attributes, cond.key);
  const actual = has ? attributes[cond.key] : undefined;
  const present = actual !== undefined && actual !== null;
  switch (cond.op) {
    case 'exists':
      return present;
    case 'not_exists':
      return !present;
    case 'equals':
      return present && cond.value !== undefined && valuesEqual(actual, cond.value);
    case 'not_equals':
      return present && cond.value !== undefined && !valuesEqual(actual, cond.value);
    case 'contains':
      return (
        present &&
        cond.value !== undefined &&
        String(actual).toLowerCase().includes(String(cond.value).toLowerCase())
      );
    case 'greater_than':
    case 'less_than': {
      if (!present || cond.value === undefined) return false;
      const order = compareOrdered(actual, cond.value);
      if (order === null) return false;
      return cond.op === 'greater_than' ? order > 0 : order < 0;
    }
    default:
      return false;
  }
}

const NUMERIC = /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function asNumber(v: AttributeValue | string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && NUMERIC.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function asTime(v: AttributeValue): number | null {
  if (typeof v !== 'string' || !ISO_DATE.test(v.trim())) return null;
  const t = Date.parse(v.trim());
  return Number.isNaN(t) ? null : t;
}

function valuesEqual(actual: AttributeValue, expected: AttributeValue): boolean {
  if (typeof expected === 'boolean' || typeof actual === 'boolean') {
    return String(actual).toLowerCase() === String(expected).toLowerCase();
  }
  if (typeof expected === 'number' || typeof actual === 'number') {
    const a = asNumber(actual);
    const b = asNumber(expected);
    if (a !== null && b !== null) return a === b;
  }
  return String(actual).toLowerCase() === String(expected).toLowerCase();
}

/** Sign of actual - expected for numbers, then ISO dates; null when they do not compare. */
function compareOrdered(actual: AttributeValue, expected: AttributeValue): number | null {
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== null && b !== null) return Math.sign(a - b);
  const ta = asTime(actual);
  const tb = asTime(expected);
  if (ta !== null && tb !== null) return Math.sign(ta - tb);
  return null;
}
