import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, toPage } from './cursor';
import { DomainError } from './errors';
import { newId } from './ulid';

describe('cursor', () => {
  it('round-trips an id and is opaque', () => {
    const id = newId();
    const c = encodeCursor(id);
    expect(c).not.toContain(id);
    expect(decodeCursor(c)).toBe(id);
  });

  it('answers 422 invalid_cursor for anything it did not issue', () => {
    const hostile = [
      '',
      'not base64 !',
      Buffer.from('k1:not-a-ulid').toString('base64url'),
      Buffer.from(`k2:${newId()}`).toString('base64url'),
      Buffer.from(`k1:${newId()}' or 1=1 --`).toString('base64url'),
      'A'.repeat(500),
    ];
    for (const c of hostile) {
      try {
        decodeCursor(c);
        expect.unreachable(c);
      } catch (err) {
        expect(err).toBeInstanceOf(DomainError);
        expect((err as DomainError).code).toBe('invalid_cursor');
      }
    }
  });

  it('pages limit + 1 rows into data and a cursor only when there is more', () => {
    const rows = [3, 2, 1].map(() => ({ id: newId() }));
    expect(toPage(rows, 3)).toEqual({ data: rows, nextCursor: null });
    const page = toPage(rows, 2);
    expect(page.data).toEqual(rows.slice(0, 2));
    expect(decodeCursor(page.nextCursor!)).toBe(rows[1]!.id);
  });
});
