import type { Ctx } from '../context';
import { DOMAIN_COLUMNS, type VerifiedDomain } from './verified-domain';

/** The workspace's domains, newest first, `limit + 1` rows from before `beforeId` (the page's extra row). */
export async function listVerifiedDomains(
  ctx: Ctx,
  page: { limit: number; beforeId: string | null },
): Promise<VerifiedDomain[]> {
  return ctx.db.query<VerifiedDomain>(
    `select ${DOMAIN_COLUMNS} from verified_domains
     where workspace_id = $1 and ($2::text is null or id < $2)
     order by id desc limit $3`,
    [ctx.workspaceId, page.beforeId, page.limit + 1],
  );
}
