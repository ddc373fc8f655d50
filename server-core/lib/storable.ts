/**
 * What the service refuses to store, whatever the field: strings Postgres cannot hold (U+0000 in text
 * and jsonb; an unpaired UTF-16 surrogate, which jsonb refuses and text would silently turn into
 * U+FFFD), nesting deeper than MAX_NESTING_DEPTH, objects with more than MAX_OBJECT_KEYS keys, and the
 * keys JavaScript gives a meaning to (`__proto__`, `constructor`, `prototype`). Pure functions: the BFF
 * applies them to every request at the edge, server-core to values that arrive inside tokens or files.
 */

/** Containers nested deeper than this are refused (the whole request body counts, root included). */
export const MAX_NESTING_DEPTH = 32;
/** Objects with more keys than this are refused (arrays are bounded by their schemas). */
export const MAX_OBJECT_KEYS = 1000;
/** Keys that name (or replace) an object's prototype when a consumer copies the object into JavaScript. */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export type StorableRule = 'nul_character' | 'lone_surrogate' | 'max_depth' | 'max_keys' | 'reserved_key';

export interface Unstorable {
  /** Where: object keys and array indexes from the root. */
  path: (string | number)[];
  rule: StorableRule;
  message: string;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const RULE_MESSAGES: Record<StorableRule, string> = {
  nul_character: 'U+0000 (NUL) cannot be stored.',
  lone_surrogate: 'An unpaired UTF-16 surrogate is not valid Unicode.',
  max_depth: `Nesting is limited to ${MAX_NESTING_DEPTH} levels.`,
  max_keys: `An object has at most ${MAX_OBJECT_KEYS} keys.`,
  reserved_key: `${RESERVED_KEYS.join(', ')} are not allowed as keys.`,
};

/** The rule a string breaks, or null. */
export function unstorableString(s: string): 'nul_character' | 'lone_surrogate' | null {
  if (s.includes('\u0000')) return 'nul_character';
  if (LONE_SURROGATE.test(s)) return 'lone_surrogate';
  return null;
}

/** The rule an object key breaks, or null. */
export function unstorableKey(key: string): StorableRule | null {
  return RESERVED_KEYS.includes(key) ? 'reserved_key' : unstorableString(key);
}

interface Frame {
  value: unknown;
  key: string | number | null;
  parent: Frame | null;
  depth: number;
}

const pathOf = (f: Frame | null): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at = f; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
};

const found = (path: (string | number)[], rule: StorableRule): Unstorable => ({
  path,
  rule,
  message: RULE_MESSAGES[rule],
});

/**
 * The first thing in a parsed JSON value (or any plain data) that the service refuses, in document
 * order, or null. Iterative, so 10,000 levels of nesting cost no stack: it stops at the first level
 * past the limit.
 */
export function findUnstorable(root: unknown): Unstorable | null {
  const stack: Frame[] = [{ value: root, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      const rule = unstorableString(value);
      if (rule) return found(pathOf(frame), rule);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const depth = frame.depth + 1;
    if (depth > MAX_NESTING_DEPTH) return found(pathOf(frame), 'max_depth');
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: i, parent: frame, depth });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > MAX_OBJECT_KEYS) return found(pathOf(frame), 'max_keys');
    for (const key of keys) {
      const rule = unstorableKey(key);
      if (rule) return found([...pathOf(frame), key], rule);
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (value as Record<string, unknown>)[key], key, parent: frame, depth });
    }
  }
  return null;
}

const PLAIN_SEGMENT = /^[A-Za-z0-9_$-]{1,64}$/;

/**
 * A path as text for details and logs: `events.3.properties.plan`; a key that is not plain is quoted
 * as a JSON string (so U+0000 reads as \u0000) and cut to 64 characters.
 */
export function pathText(path: (string | number)[]): string {
  return path
    .map((seg) =>
      typeof seg === 'number' || PLAIN_SEGMENT.test(seg)
        ? String(seg)
        : JSON.stringify(seg.length > 64 ? `${seg.slice(0, 64)}…` : seg),
    )
    .join('.');
}
