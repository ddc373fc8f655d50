import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Audience, Embedder } from '../retrieval/types';
import { pageDocument } from './page-document';

export const MAX_PAGE_URL_LENGTH = 2048;

export interface Page {
  id: string;
  url: string;
  title: string;
  audience: Audience;
  created_at: Date;
  updated_at: Date;
}

/** An http(s) URL without its fragment (the same page), or invalid_page_url. */
export function normalisePageUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DomainError('invalid_page_url', { field: 'url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DomainError('invalid_page_url', { field: 'url' }, 'A page url must be http or https.');
  }
  if (url.username || url.password) {
    throw new DomainError('invalid_page_url', { field: 'url' }, 'A page url may not carry credentials.');
  }
  url.hash = '';
  const href = url.href;
  if (href.length > MAX_PAGE_URL_LENGTH) {
    throw new DomainError(
      'invalid_page_url',
      { field: 'url' },
      `A page url is at most ${MAX_PAGE_URL_LENGTH} characters.`,
    );
  }
  return href;
}

/**
 * Adds a crawled page and indexes it, in one transaction. The URL (without fragment) is the page's key:
 * adding it again replaces title, HTML and audience and re-indexes under the same id (`created` false).
 */
export async function addPage(
  ctx: Ctx,
  input: { url: string; title: string; html: string; audience: Audience },
  deps: { embedder: Embedder },
): Promise<{ page: Page; created: boolean; chunkCount: number }> {
  const now = ctx.clock.now();
  const url = normalisePageUrl(input.url);
  return ctx.db.tx(async (db) => {
    const [page] = await db.query<Page & { created: boolean }>(
      `insert into pages (workspace_id, id, url, title, html, audience, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7)
       on conflict (workspace_id, url) do update
         set title = excluded.title, html = excluded.html, audience = excluded.audience, updated_at = excluded.updated_at
       returning id, url, title, audience, created_at, updated_at, (xmax = 0) as created`,
      [ctx.workspaceId, newId(now), url, input.title, input.html, input.audience, now],
    );
    const { created, ...row } = page!;
    const chunkCount = await replaceSourceChunks(
      { ...ctx, db },
      pageDocument({ ...row, html: input.html }),
      deps.embedder,
    );
    return { page: row, created, chunkCount };
  });
}
