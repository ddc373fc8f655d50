import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { constantTimeEqual, sha256Hex } from '../lib/crypto';
import { DomainError, notFound } from '../lib/errors';
import { type DomainProofFetcher, PROOF_PATH } from './domain-proof';
import { DOMAIN_COLUMNS, type VerifiedDomain } from './verified-domain';

/**
 * Verifies a pending domain: reads https://<domain>/.well-known/widget-domain-verification.txt through the
 * guarded fetcher (outside any transaction) and compares the trimmed body with the token, in constant time
 * (their SHA-256s, the only form of the token kept). A match marks the domain verified; anything else is
 * domain_verification_failed with a reason and a message that says what to fix. Both outcomes are audited.
 * A domain that is verified already answers as it is, without a fetch.
 */
export async function verifyVerifiedDomain(
  ctx: Ctx,
  fetcher: DomainProofFetcher,
  domainId: string,
): Promise<VerifiedDomain> {
  const [found] = await ctx.db.query<VerifiedDomain & { token_hash: string }>(
    `select ${DOMAIN_COLUMNS}, token_hash from verified_domains where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, domainId],
  );
  if (!found) throw notFound('verified domain');
  const { token_hash: tokenHash, ...domain } = found;
  if (domain.status === 'verified') return domain;

  const outcome = await fetcher.fetchProof(domain.domain);
  const failure = !outcome.ok
    ? outcome
    : constantTimeEqual(sha256Hex(outcome.body.trim()), tokenHash)
      ? null
      : {
          reason: 'wrong_content' as const,
          status: outcome.status,
          message: `https://${domain.domain}${PROOF_PATH} does not hold this domain's token: serve exactly the token addVerifiedDomain returned (remove the domain and add it again for a new one).`,
        };
  if (failure) {
    await recordAudit(ctx, {
      action: 'verified_domain.verification_failed',
      targetType: 'verified_domain',
      targetId: domain.id,
      data: { domain: domain.domain, reason: failure.reason, status: failure.status },
    });
    throw new DomainError(
      'domain_verification_failed',
      { reason: failure.reason, status: failure.status },
      failure.message,
    );
  }

  return ctx.db.tx(async (tx) => {
    const now = ctx.clock.now();
    const [updated] = await tx.query<VerifiedDomain>(
      `update verified_domains set status = 'verified', verified_at = $3, verified_by = 'well_known'
       where workspace_id = $1 and id = $2
       returning ${DOMAIN_COLUMNS}`,
      [ctx.workspaceId, domain.id, now],
    );
    if (!updated) throw notFound('verified domain');
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'verified_domain.verified',
        targetType: 'verified_domain',
        targetId: domain.id,
        data: { domain: domain.domain, method: 'well_known' },
      },
    );
    return updated;
  });
}
