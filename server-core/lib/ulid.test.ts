import { describe, expect, it } from 'vitest';
import { isUlid, newId, newRandomId, parseUlid, ULID_PATTERN } from './ulid';

describe('ulid', () => {
  it('emits lower-case ids matching the spec pattern, increasing within one millisecond', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    const ids = Array.from({ length: 50 }, () => newId(at));
    for (const id of ids) {
      expect(id).toMatch(ULID_PATTERN);
      expect(id).toBe(id.toLowerCase());
    }
    expect([...ids].sort()).toEqual(ids);
  });

  it('accepts either case and normalises to lower-case', () => {
    const id = newId();
    expect(parseUlid(id.toUpperCase())).toBe(id);
    expect(parseUlid(id)).toBe(id);
  });

  it('refuses malformed ids', () => {
    for (const bad of [
      '',
      'x',
      '01JD2M7R3X8K9Q4W5E6T7Y8V9', // 25
      '01JD2M7R3X8K9Q4W5E6T7Y8V9AB', // 27
      '01JD2M7R3X8K9Q4W5E6T7Y8V9I', // I is not Crockford
      '01JD2M7R3X8K9Q4W5E6T7Y8V9U', // nor U
      '81JD2M7R3X8K9Q4W5E6T7Y8V9A', // timestamp overflow
      '01jd2m7r3x8k9q4w5e6t7y8v9a\n',
      '../../etc/passwd000000000',
      null,
      42,
      { id: 'x' },
    ]) {
      expect(parseUlid(bad), String(bad)).toBeNull();
      expect(isUlid(bad)).toBe(false);
    }
  });

  it('random ids do not follow each other', () => {
    const at = new Date();
    const a = newRandomId(at);
    const b = newRandomId(at);
    expect(a.slice(0, 10)).toBe(b.slice(0, 10));
    expect(a.slice(10)).not.toBe(b.slice(10));
  });
});
