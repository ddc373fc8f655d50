import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { decodeCursor, toPage } from '../../server-core/lib/cursor';

/** Query parameters of a cursor-paginated list: `cursor` and `limit` (1..max, default given). */
export function pageQuery(max = 100, fallback = 25) {
  return {
    cursor: z
      .string()
      .max(128)
      .optional()
      .openapi({ description: 'Opaque cursor from meta.next_cursor of the previous page.' }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(max)
      .default(fallback)
      .openapi({ description: `Rows per page, 1..${max} (default ${fallback}).` }),
  };
}

/** `{ meta: { next_cursor }, data: [...] }`, newest first; `dataFirst` for the experience lists. */
export function pageOf<T extends ZodType>(item: T, opts: { dataFirst?: boolean } = {}) {
  const meta = z.object({
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as cursor for the next page; null on the last.' }),
  });
  return opts.dataFirst ? z.object({ data: z.array(item), meta }) : z.object({ meta, data: z.array(item) });
}

/** The keyset position a cursor names (or null for the first page); a foreign cursor is a 422. */
export function cursorPosition(cursor: string | undefined): string | null {
  return cursor === undefined ? null : decodeCursor(cursor);
}

export function toPageBody<T extends { id: string }>(
  rows: T[],
  limit: number,
  opts: { dataFirst?: boolean } = {},
) {
  const page = toPage(rows, limit);
  const meta = { next_cursor: page.nextCursor };
  return opts.dataFirst ? { data: page.data, meta } : { meta, data: page.data };
}
