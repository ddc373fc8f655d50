import type { OpenAPIHono } from '@hono/zod-openapi';
import { DomainError } from '../../../server-core/lib/errors';
import {
  findSamlConnection,
  putSamlConnection,
  type SamlConnection,
} from '../../../server-core/saml/saml-connection';
import { spUrls } from '../../../server-core/saml/sp-urls';
import * as saml from '../../contract/saml';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** The contract's view of a connection: the stored facts (never the PEM) and our own URLs. */
export function samlConnectionJson(conn: SamlConnection, publicUrl: string) {
  const sp = spUrls(publicUrl, conn.workspace_id);
  return {
    idp_entity_id: conn.idp_entity_id,
    sso_url: conn.sso_url,
    certificate_fingerprint_sha256: conn.certificate_fingerprint_sha256,
    certificate_not_after: conn.certificate_not_after.toISOString(),
    jit_provisioning: conn.jit_provisioning,
    idp_initiated: conn.idp_initiated,
    jit_role: conn.jit_role,
    sp_entity_id: sp.entityId,
    acs_url: sp.acsUrl,
    metadata_url: sp.metadataUrl,
    login_url: sp.loginUrl,
    updated_at: conn.updated_at.toISOString(),
  };
}

/** putSamlConnection and getSamlConnection (settings.manage), in the house envelope `{ data }`. */
export function registerSamlConnectionRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'settings.manage' });
  const { publicUrl, development } = services.config;

  app.openapi({ ...saml.putSamlConnection, middleware: guard }, async (c) => {
    const conn = await putSamlConnection(requestCtx(c, services), c.req.valid('json'), { development });
    return c.json({ data: samlConnectionJson(conn, publicUrl) }, 200);
  });

  app.openapi({ ...saml.getSamlConnection, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const conn = await findSamlConnection(ctx.db, ctx.workspaceId);
    if (!conn) throw new DomainError('not_found');
    return c.json({ data: samlConnectionJson(conn, publicUrl) }, 200);
  });
}
