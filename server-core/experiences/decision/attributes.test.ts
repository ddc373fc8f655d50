import { describe, expect, it } from 'vitest';
import type { AttributeCondition } from '../definition';
import { attributeConditionHolds } from './attributes';

const attrs = {
  plan: 'Pro',
  seats: 12,
  seats_text: '12',
  mrr: '99.50',
  beta: true,
  beta_text: 'TRUE',
  signed_up: '2026-03-01',
  renews_at: '2026-12-01T10:00:00Z',
  empty: '',
  nothing: null,
};
const holds = (c: AttributeCondition, a: Record<string, unknown> = attrs) =>
  attributeConditionHolds(c, a as never);

describe('attribute conditions', () => {
  it('exists / not_exists (null counts as absent)', () => {
    expect(holds({ key: 'plan', op: 'exists' })).toBe(true);
    expect(holds({ key: 'empty', op: 'exists' })).toBe(true);
    expect(holds({ key: 'nothing', op: 'exists' })).toBe(false);
    expect(holds({ key: 'missing', op: 'exists' })).toBe(false);
    expect(holds({ key: 'missing', op: 'not_exists' })).toBe(true);
    expect(holds({ key: 'nothing', op: 'not_exists' })).toBe(true);
    expect(holds({ key: 'plan', op: 'not_exists' })).toBe(false);
    expect(holds({ key: 'toString', op: 'exists' })).toBe(false);
    expect(holds({ key: '__proto__', op: 'not_exists' })).toBe(true);
  });
  it('equals: strings case-insensitively, numbers as numbers, booleans by name', () => {
    const cases: [AttributeCondition['value'], string, boolean][] = [
      ['pro', 'plan', true],
      ['PRO', 'plan', true],
      ['pro ', 'plan', false],
      ['team', 'plan', false],
      [12, 'seats', true],
      [12, 'seats_text', true],
      ['12.0', 'seats', true],
      [12.0001, 'seats', false],
      [99.5, 'mrr', true],
      [true, 'beta', true],
      [true, 'beta_text', true],
      [false, 'beta', false],
      ['true', 'beta', true],
      ['', 'empty', true],
    ];
    for (const [value, key, want] of cases) {
      expect(holds({ key, op: 'equals', value }), `${key} equals ${String(value)}`).toBe(want);
    }
    expect(holds({ key: 'missing', op: 'equals', value: 'x' })).toBe(false);
    expect(holds({ key: 'plan', op: 'equals' })).toBe(false);
  });
  it('not_equals needs the attribute', () => {
    expect(holds({ key: 'plan', op: 'not_equals', value: 'team' })).toBe(true);
    expect(holds({ key: 'plan', op: 'not_equals', value: 'PRO' })).toBe(false);
    expect(holds({ key: 'seats', op: 'not_equals', value: '12' })).toBe(false);
    expect(holds({ key: 'missing', op: 'not_equals', value: 'team' })).toBe(false);
  });
  it('contains is a case-insensitive substring of the text form', () => {
    expect(holds({ key: 'plan', op: 'contains', value: 'r' })).toBe(true);
    expect(holds({ key: 'plan', op: 'contains', value: 'PR' })).toBe(true);
    expect(holds({ key: 'plan', op: 'contains', value: 'x' })).toBe(false);
    expect(holds({ key: 'seats', op: 'contains', value: 1 })).toBe(true);
    expect(holds({ key: 'plan', op: 'contains', value: '' })).toBe(true);
    expect(holds({ key: 'missing', op: 'contains', value: '' })).toBe(false);
  });
  it('greater_than / less_than: numbers, then ISO dates, else false', () => {
    expect(holds({ key: 'seats', op: 'greater_than', value: 10 })).toBe(true);
    expect(holds({ key: 'seats', op: 'greater_than', value: 12 })).toBe(false);
    expect(holds({ key: 'seats', op: 'less_than', value: 13 })).toBe(true);
    expect(holds({ key: 'seats_text', op: 'greater_than', value: 9 })).toBe(true); // not "12" < "9"
    expect(holds({ key: 'mrr', op: 'less_than', value: '100' })).toBe(true);
    expect(holds({ key: 'signed_up', op: 'less_than', value: '2026-06-01' })).toBe(true);
    expect(holds({ key: 'signed_up', op: 'greater_than', value: '2026-06-01' })).toBe(false);
    expect(holds({ key: 'renews_at', op: 'greater_than', value: '2026-12-01' })).toBe(true);
    expect(holds({ key: 'plan', op: 'greater_than', value: 'a' })).toBe(false);
    expect(holds({ key: 'plan', op: 'less_than', value: 5 })).toBe(false);
    expect(holds({ key: 'beta', op: 'greater_than', value: 0 })).toBe(false);
    expect(holds({ key: 'missing', op: 'less_than', value: 5 })).toBe(false);
    expect(holds({ key: 'empty', op: 'less_than', value: 5 })).toBe(false);
  });
  it('an anonymous visitor (no attributes) meets only not_exists', () => {
    for (const op of ['equals', 'not_equals', 'contains', 'exists', 'greater_than', 'less_than'] as const) {
      expect(holds({ key: 'plan', op, value: 'x' }, {})).toBe(false);
    }
    expect(holds({ key: 'plan', op: 'not_exists' }, {})).toBe(true);
  });
  it('an unknown operator is false', () => {
    expect(holds({ key: 'plan', op: 'matches' as never, value: 'x' })).toBe(false);
  });
});
