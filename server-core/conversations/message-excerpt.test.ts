import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARS, messageExcerpt } from './message-excerpt';

describe('messageExcerpt', () => {
  it('keeps a short body, with its whitespace folded into single spaces', () => {
    expect(messageExcerpt('Hello')).toBe('Hello');
    expect(messageExcerpt('  Line one\n\n\tline two  ')).toBe('Line one line two');
    expect(messageExcerpt('')).toBe('');
  });

  it('cuts a long body at a space before the limit and ends it with an ellipsis', () => {
    const body = 'word '.repeat(100);
    const out = messageExcerpt(body);
    expect(Array.from(out).length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(out.endsWith('word…')).toBe(true);
  });

  it('cuts one endless word at the limit; never splits an astral character', () => {
    expect(messageExcerpt('a'.repeat(500))).toBe(`${'a'.repeat(EXCERPT_CHARS - 1)}…`);
    const emoji = '😀'.repeat(300);
    const out = messageExcerpt(emoji);
    expect(Array.from(out)).toHaveLength(EXCERPT_CHARS);
    expect(out).toBe(`${'😀'.repeat(EXCERPT_CHARS - 1)}…`);
    expect(out.includes('\uFFFD')).toBe(false);
  });

  it('a body of exactly the limit is kept whole', () => {
    const body = 'b'.repeat(EXCERPT_CHARS);
    expect(messageExcerpt(body)).toBe(body);
  });
});
