import { recordAudit } from '../audit/record-audit';
import { SYSTEM_ACTOR } from '../context';
import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { canonicalHost } from './domain-name';
import { DOMAIN_COLUMNS, newVerificationToken, type VerifiedDomain } from './verified-domain';

/**
 * An operator's word that the workspace controls a host (`npm run ops -- verified-domain add`, and the demo
 * seed): no fetch, so intranet names, `localhost` and loopback addresses can be allowed. The domain is
 * verified at once (a pending one becomes verified; a verified one is left as it is), with an unusable
 * token (nobody ever sees it). Audited as the operator's word (actor system, method operator), only when
 * something changed, so a repeated seed adds no rows.
 */
export async function addOperatorVerifiedDomain(
  db: Sql,
  input: { workspaceId: string; domain: string; now: Date; source: 'operator' | 'demo_seed' },
): Promise<{ domain: VerifiedDomain; changed: boolean }> {
  const domain = canonicalHost(input.domain);
  if (!domain) throw new DomainError('invalid_host', {}, `Not a host name or IP address: ${input.domain}`);
  const ctx = {
    db,
    clock: { now: () => input.now },
    workspaceId: input.workspaceId,
    actor: SYSTEM_ACTOR,
  };
  return db.tx(async (tx) => {
    const [row] = await tx.query<VerifiedDomain>(
      `insert into verified_domains (workspace_id, id, domain, status, token_hash, verified_at, verified_by, created_at)
       values ($1, $2, $3, 'verified', $4, $5, 'operator', $5)
       on conflict (workspace_id, domain) do update
         set status = 'verified', verified_at = excluded.verified_at, verified_by = 'operator'
         where verified_domains.status = 'pending'
       returning ${DOMAIN_COLUMNS}`,
      [input.workspaceId, newId(input.now), domain, newVerificationToken().hash, input.now],
    );
    if (!row) {
      const [kept] = await tx.query<VerifiedDomain>(
        `select ${DOMAIN_COLUMNS} from verified_domains where workspace_id = $1 and domain = $2`,
        [input.workspaceId, domain],
      );
      return { domain: kept!, changed: false };
    }
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'verified_domain.verified',
        targetType: 'verified_domain',
        targetId: row.id,
        data: { domain, method: 'operator', source: input.source },
      },
    );
    return { domain: row, changed: true };
  });
}
