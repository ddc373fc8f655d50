import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import { parseIdpCertificate } from './idp-certificate';

export type JitRole = 'member' | 'admin';

export interface SamlConnection {
  workspace_id: string;
  idp_entity_id: string;
  sso_url: string;
  certificate_pem: string;
  certificate_fingerprint_sha256: string;
  certificate_not_after: Date;
  jit_provisioning: boolean;
  idp_initiated: boolean;
  jit_role: JitRole;
  updated_at: Date;
}

export interface SamlConnectionInput {
  idp_entity_id: string;
  sso_url: string;
  certificate_pem: string;
  jit_provisioning: boolean;
  idp_initiated: boolean;
  jit_role: JitRole;
}

export const MAX_ENTITY_ID_LENGTH = 1024;
export const MAX_SSO_URL_LENGTH = 2048;

const COLUMNS = `workspace_id, idp_entity_id, sso_url, certificate_pem, certificate_fingerprint_sha256,
  certificate_not_after, jit_provisioning, idp_initiated, jit_role, updated_at`;

/** The workspace's connection, or null when SAML is not configured. */
export async function findSamlConnection(db: Sql, workspaceId: string): Promise<SamlConnection | null> {
  const rows = await db.query<SamlConnection>(
    `select ${COLUMNS} from saml_connections where workspace_id = $1`,
    [workspaceId],
  );
  return rows[0] ?? null;
}

/**
 * The SSO URL: https, no credentials, no fragment; plain http only for a loopback host while the service
 * itself runs on loopback (a developer's IdP), as for the help-center sign-in URL.
 */
export function checkSsoUrl(input: string, development: boolean): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (input.length > MAX_SSO_URL_LENGTH || /[\u0000-\u0020\u007f\\]/.test(input)) return null;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash || input.includes('#')) return null;
  const loopback = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && development && loopback)) return url.href;
  return null;
}

/**
 * Creates or replaces the workspace's SAML connection (settings.manage at the edge). The certificate is
 * validated and stored as one canonical PEM; audited as saml.connection_set with the facts, never the PEM.
 */
export async function putSamlConnection(
  ctx: Ctx,
  input: SamlConnectionInput,
  opts: { development: boolean },
): Promise<SamlConnection> {
  const now = ctx.clock.now();
  const entityId = input.idp_entity_id.trim();
  if (entityId.length === 0 || entityId.length > MAX_ENTITY_ID_LENGTH)
    throw new DomainError('validation_failed', { field: 'idp_entity_id', max: MAX_ENTITY_ID_LENGTH });
  const ssoUrl = checkSsoUrl(input.sso_url, opts.development);
  if (!ssoUrl)
    throw new DomainError(
      'validation_failed',
      { field: 'sso_url', rule: 'https' },
      'sso_url is an https URL without credentials or fragment.',
    );
  const cert = parseIdpCertificate(input.certificate_pem, now);
  if (!cert.ok)
    throw new DomainError(
      'validation_failed',
      { field: 'certificate_pem', rule: cert.reason },
      'certificate_pem is one PEM X.509 certificate with an RSA key of 2048 bits or more, not expired.',
    );
  return ctx.db.tx(async (tx) => {
    const [row] = await tx.query<SamlConnection>(
      `insert into saml_connections (workspace_id, idp_entity_id, sso_url, certificate_pem,
         certificate_fingerprint_sha256, certificate_not_after, jit_provisioning, idp_initiated, jit_role,
         created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
       on conflict (workspace_id) do update set idp_entity_id = excluded.idp_entity_id, sso_url = excluded.sso_url,
         certificate_pem = excluded.certificate_pem,
         certificate_fingerprint_sha256 = excluded.certificate_fingerprint_sha256,
         certificate_not_after = excluded.certificate_not_after, jit_provisioning = excluded.jit_provisioning,
         idp_initiated = excluded.idp_initiated, jit_role = excluded.jit_role, updated_at = excluded.updated_at
       returning ${COLUMNS}`,
      [
        ctx.workspaceId,
        entityId,
        ssoUrl,
        cert.cert.pem,
        cert.cert.fingerprintSha256,
        cert.cert.notAfter,
        input.jit_provisioning,
        input.idp_initiated,
        input.jit_role,
        now,
      ],
    );
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'saml.connection_set',
        targetType: 'workspace',
        targetId: ctx.workspaceId,
        data: {
          idp_entity_id: entityId,
          sso_url: ssoUrl,
          certificate_fingerprint_sha256: cert.cert.fingerprintSha256,
          jit_provisioning: input.jit_provisioning,
          idp_initiated: input.idp_initiated,
          jit_role: input.jit_role,
        },
      },
    );
    return row!;
  });
}
