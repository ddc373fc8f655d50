import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { domainCovers } from './domain-covers';
import { type PageFacts, sensitivePageReason } from './sensitive-page';

/** The page URL of a run or step: absolute http(s), else invalid_page_url. */
export function parsePageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DomainError('invalid_page_url', { field: 'url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new DomainError('invalid_page_url', { field: 'url' }, 'The page url must be an http(s) URL.');
  return url;
}

/**
 * The two page rails of automation, in the contract's order: the URL's host must be covered by a verified
 * domain of the workspace (403 domain_not_verified), and the page must not be sensitive (403
 * sensitive_page). Run at the open and again for every step.
 */
export async function checkPageRails(ctx: Ctx, url: URL, facts: PageFacts): Promise<void> {
  const domains = await ctx.db.query<{ domain: string }>(
    `select domain from verified_domains where workspace_id = $1 and status = 'verified'`,
    [ctx.workspaceId],
  );
  if (!domains.some((d) => domainCovers(d.domain, url.hostname)))
    throw new DomainError(
      'domain_not_verified',
      { host: url.hostname },
      `${url.hostname} is not covered by a verified domain of the workspace.`,
    );
  const reason = sensitivePageReason(url, facts);
  if (reason) throw new DomainError('sensitive_page', { reason });
}
