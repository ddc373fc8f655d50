import { describe, expect, it } from 'vitest';
import {
  findUnstorable,
  MAX_NESTING_DEPTH,
  MAX_OBJECT_KEYS,
  pathText,
  unstorableKey,
  unstorableString,
} from './storable';

const own = (key: string, value: unknown) => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`);

describe('storable values', () => {
  it('finds U+0000 and unpaired surrogates in strings; pairs and other characters pass', () => {
    expect(unstorableString('a\u0000b')).toBe('nul_character');
    expect(unstorableString('\ud800')).toBe('lone_surrogate');
    expect(unstorableString('x\udfff')).toBe('lone_surrogate');
    expect(unstorableString('\ude00\ud83d')).toBe('lone_surrogate');
    expect(unstorableString('😀 \u202e\ufeff\u0001 e\u0301')).toBeNull();
    expect(unstorableString('')).toBeNull();
  });

  it('refuses the keys JavaScript gives a meaning to, and keys holding U+0000', () => {
    for (const k of ['__proto__', 'constructor', 'prototype']) expect(unstorableKey(k)).toBe('reserved_key');
    expect(unstorableKey('a\u0000')).toBe('nul_character');
    expect(unstorableKey('__proto__x')).toBeNull();
    expect(unstorableKey('Constructor')).toBeNull();
  });

  it('names the first offending path in document order, through arrays and objects', () => {
    const body = {
      events: [{ name: 'ok' }, { properties: { x: 'fine' } }, {}, { properties: { x: 'a\u0000' } }],
    };
    expect(findUnstorable(body)).toEqual({
      path: ['events', 3, 'properties', 'x'],
      rule: 'nul_character',
      message: 'U+0000 (NUL) cannot be stored.',
    });
    expect(findUnstorable({ a: own('__proto__', { polluted: true }) })).toMatchObject({
      path: ['a', '__proto__'],
      rule: 'reserved_key',
    });
    expect(findUnstorable({ a: [1, true, null, 'ok', { b: 2 }] })).toBeNull();
  });

  it('caps nesting and key counts without recursion (10,000 levels cost no stack)', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    const found = findUnstorable({ annotations: deep });
    expect(found?.rule).toBe('max_depth');
    expect(found?.path).toHaveLength(MAX_NESTING_DEPTH);
    const atLimit = JSON.parse(`${'['.repeat(MAX_NESTING_DEPTH)}${']'.repeat(MAX_NESTING_DEPTH)}`);
    expect(findUnstorable(atLimit)).toBeNull();
    const wide = Object.fromEntries(Array.from({ length: MAX_OBJECT_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expect(findUnstorable({ properties: wide })).toMatchObject({ path: ['properties'], rule: 'max_keys' });
    delete wide.k0;
    expect(findUnstorable({ properties: wide })).toBeNull();
  });

  it('writes paths for details and logs without raw control characters', () => {
    expect(pathText(['events', 3, 'properties', 'x'])).toBe('events.3.properties.x');
    expect(pathText(['a\u0000b', '\ud800', 'x'.repeat(100)])).toBe(
      `"a\\u0000b"."\\ud800"."${'x'.repeat(64)}…"`,
    );
  });
});
