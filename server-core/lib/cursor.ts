import { DomainError } from './errors';
import { parseUlid } from './ulid';

/**
 * Opaque keyset cursors for lists ordered by ULID id descending. The cursor carries the last id
 * returned; the next page is `id < cursor.id`. Opaque to callers: base64url of a versioned string.
 */
const PREFIX = 'k1:';

export function encodeCursor(lastId: string): string {
  return Buffer.from(PREFIX + lastId, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const invalid = () => new DomainError('invalid_cursor', { field: 'cursor' });
  if (cursor.length === 0 || cursor.length > 128 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(PREFIX)) throw invalid();
  const id = parseUlid(text.slice(PREFIX.length));
  if (!id) throw invalid();
  return id;
}

/** Fetches limit + 1 rows and turns them into a page: the extra row only says there is more. */
export function toPage<T extends { id: string }>(
  rows: T[],
  limit: number,
): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}
