import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { canonicalDomainName } from './domain-name';
import { proofUrl } from './domain-proof';
import { DOMAIN_COLUMNS, newVerificationToken, type VerifiedDomain } from './verified-domain';

export interface AddedDomain {
  domain: VerifiedDomain;
  /** Shown once: the text the domain's verification file must hold. Only its SHA-256 is stored. */
  token: string;
  url: string;
}

/**
 * Adds a domain to the workspace's automation allowlist as pending, with a verification token to serve at
 * https://<domain>/.well-known/widget-domain-verification.txt. A public host name only: lower-cased, IDNA
 * names in their ASCII form, at least two labels; no port, path, user info or IP address (invalid_host).
 * A domain the workspace already lists is domain_taken. Audited (without the token).
 */
export async function addVerifiedDomain(ctx: Ctx, input: { domain: string }): Promise<AddedDomain> {
  const domain = canonicalDomainName(input.domain);
  if (!domain?.includes('.'))
    throw new DomainError(
      'invalid_host',
      {},
      'Name the domain as a host name with a dot, e.g. app.example.com (no scheme, port, path or IP address).',
    );
  const { token, hash } = newVerificationToken();
  const now = ctx.clock.now();
  return ctx.db.tx(async (tx) => {
    const [row] = await tx.query<VerifiedDomain>(
      `insert into verified_domains (workspace_id, id, domain, status, token_hash, created_at)
       values ($1, $2, $3, 'pending', $4, $5)
       on conflict (workspace_id, domain) do nothing
       returning ${DOMAIN_COLUMNS}`,
      [ctx.workspaceId, newId(now), domain, hash, now],
    );
    if (!row) throw new DomainError('domain_taken', { domain }, `The workspace already lists ${domain}.`);
    await recordAudit(
      { ...ctx, db: tx },
      { action: 'verified_domain.added', targetType: 'verified_domain', targetId: row.id, data: { domain } },
    );
    return { domain: row, token, url: proofUrl(domain) };
  });
}
