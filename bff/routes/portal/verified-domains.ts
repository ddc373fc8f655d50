import type { OpenAPIHono } from '@hono/zod-openapi';
import { addVerifiedDomain } from '../../../server-core/automation/add-verified-domain';
import { listVerifiedDomains } from '../../../server-core/automation/list-verified-domains';
import { removeVerifiedDomain } from '../../../server-core/automation/remove-verified-domain';
import { verifyVerifiedDomain } from '../../../server-core/automation/verify-verified-domain';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import * as domains from '../../contract/verified-domains';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** The automation allowlist (settings.manage): list, add (token once), verify by the well-known file, remove. */
export function registerVerifiedDomainRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'settings.manage' });

  app.openapi({ ...domains.listVerifiedDomains, middleware: guard }, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listVerifiedDomains(requestCtx(c, services), {
      limit,
      beforeId: cursorPosition(cursor),
    });
    const page = toPageBody(rows, limit, { dataFirst: true });
    return c.json({ data: page.data.map(domains.verifiedDomainJson), meta: page.meta }, 200);
  });

  app.openapi({ ...domains.addVerifiedDomain, middleware: guard }, async (c) => {
    const added = await addVerifiedDomain(requestCtx(c, services), { domain: c.req.valid('json').domain });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: domains.addedDomainJson(added) }, 201);
  });

  app.openapi({ ...domains.verifyVerifiedDomain, middleware: guard }, async (c) => {
    const verified = await verifyVerifiedDomain(
      requestCtx(c, services),
      services.domainProof,
      c.req.valid('param').domainId.toLowerCase(),
    );
    return c.json({ data: domains.verifiedDomainJson(verified) }, 200);
  });

  app.openapi({ ...domains.removeVerifiedDomain, middleware: guard }, async (c) => {
    await removeVerifiedDomain(requestCtx(c, services), c.req.valid('param').domainId.toLowerCase());
    return c.body(null, 204);
  });
}
