import type { OpenAPIHono } from '@hono/zod-openapi';
import { recordAudit } from '../../../server-core/audit/record-audit';
import { workspaceForHost } from '../../../server-core/help-center/help-center-hosts';
import { checkSignInUrl } from '../../../server-core/help-center/sign-in-url';
import {
  getSigningSecret,
  rotateSigningSecret,
  storeSignInUrl,
} from '../../../server-core/help-center/signing-secret';
import { DomainError } from '../../../server-core/lib/errors';
import * as signing from '../../contract/help-center-signing';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** The flag of the sign-in URL (spec service-api.md section 4.3: 404 when off). */
const SIGN_IN_URL_FLAG = 'feature.helpcenter.sign_in_url';

export function registerHelpCenterSigningRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'settings.manage' });
  const flagged = portalApi(services, { permission: 'settings.manage', flags: [SIGN_IN_URL_FLAG] });
  const serviceOrigins = [services.config.publicUrl, services.config.widgetCdnUrl]
    .filter((u): u is string => typeof u === 'string')
    .map((u) => new URL(u));

  app.openapi({ ...signing.getHelpCenterSigningSecret, middleware: guard }, async (c) => {
    const view = await getSigningSecret(requestCtx(c, services), services.box);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: signing.signingSecretJson(view) }, 200);
  });

  app.openapi({ ...signing.rotateHelpCenterSigningSecret, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const rotated = await ctx.db.tx(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const result = await rotateSigningSecret(txCtx, services.box);
      await recordAudit(txCtx, {
        action: 'help_center.signing_secret_rotated',
        targetType: 'workspace',
        targetId: ctx.workspaceId,
        data: { generation: result.generation },
      });
      return result;
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { secret: rotated.secret } }, 200);
  });

  app.openapi({ ...signing.setHelpCenterSignInUrl, middleware: flagged }, async (c) => {
    const { sign_in_url } = c.req.valid('json');
    const ctx = requestCtx(c, services);
    let url: string | null = null;
    if (sign_in_url !== null) {
      const check = checkSignInUrl(sign_in_url, { development: services.config.development, serviceOrigins });
      if (!check.ok) throw new DomainError('sign_in_url_invalid', { reason: check.reason });
      if (await workspaceForHost(ctx.db, new URL(check.url).host))
        throw new DomainError('sign_in_url_invalid', { reason: 'service_host' });
      url = check.url;
    }
    const view = await ctx.db.tx(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const change = await storeSignInUrl(txCtx, url);
      if (change.before !== change.after) {
        await recordAudit(txCtx, {
          action: 'help_center.sign_in_url_set',
          targetType: 'workspace',
          targetId: ctx.workspaceId,
          data: { before: change.before, after: change.after },
        });
      }
      return getSigningSecret(txCtx, services.box);
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: signing.signingSecretJson(view) }, 200);
  });
}
