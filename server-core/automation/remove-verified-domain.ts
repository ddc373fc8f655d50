import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { notFound } from '../lib/errors';

/** Removes a domain from the allowlist: runs on its pages are refused from the next request. Audited. */
export async function removeVerifiedDomain(ctx: Ctx, domainId: string): Promise<void> {
  await ctx.db.tx(async (tx) => {
    const [row] = await tx.query<{ domain: string; status: string }>(
      'delete from verified_domains where workspace_id = $1 and id = $2 returning domain, status',
      [ctx.workspaceId, domainId],
    );
    if (!row) throw notFound('verified domain');
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'verified_domain.removed',
        targetType: 'verified_domain',
        targetId: domainId,
        data: { domain: row.domain, status: row.status },
      },
    );
  });
}
