import type { OpenAPIHono } from '@hono/zod-openapi';
import { recordAudit } from '../../../server-core/audit/record-audit';
import { getIdentitySecretStatus, rotateIdentitySecret } from '../../../server-core/widget/identity-secret';
import { getInstallInfo } from '../../../server-core/widget/install-info';
import { getWidgetSettings, updateWidgetSettings } from '../../../server-core/widget/widget-settings';
import * as secret from '../../contract/widget-identity-secret';
import * as install from '../../contract/widget-install';
import * as settings from '../../contract/widget-settings';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerPortalWidgetRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'settings.manage' });

  app.openapi({ ...install.getWidgetInstall, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const info = await getInstallInfo(
      ctx.db,
      { workspaceId: ctx.workspaceId },
      { cdnUrl: services.config.widgetCdnUrl, apiUrl: services.config.publicUrl },
    );
    const { inboundDomain, inboundSecret } = services.config.mail;
    const [ws] = await ctx.db.query<{ inbound_token: string }>(
      'select inbound_token from workspaces where id = $1',
      [ctx.workspaceId],
    );
    const inbound_email =
      inboundDomain && inboundSecret && ws ? `${ws.inbound_token}@${inboundDomain}` : null;
    return c.json({ data: { ...install.installInfoJson(info), inbound_email } }, 200);
  });

  app.openapi({ ...secret.getWidgetIdentitySecret, middleware: guard }, async (c) => {
    const status = await getIdentitySecretStatus(requestCtx(c, services));
    return c.json({ data: secret.identitySecretStatusJson(status) }, 200);
  });

  app.openapi({ ...secret.rotateWidgetIdentitySecret, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const rotated = await ctx.db.tx(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const result = await rotateIdentitySecret(txCtx, services.box);
      await recordAudit(txCtx, {
        action: 'widget.identity_secret_rotated',
        targetType: 'workspace',
        targetId: ctx.workspaceId,
        data: { generation: result.generation, rotated_at: result.rotated_at.toISOString() },
      });
      return result;
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: secret.rotatedSecretJson(rotated) }, 200);
  });

  app.openapi({ ...settings.getWidgetSettings, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    return c.json(
      { data: settings.widgetSettingsJson(await getWidgetSettings(ctx.db, ctx.workspaceId)) },
      200,
    );
  });

  app.openapi({ ...settings.updateWidgetSettings, middleware: guard }, async (c) => {
    const patch = c.req.valid('json');
    const ctx = requestCtx(c, services);
    const updated = await ctx.db.tx(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const before = await getWidgetSettings(tx, ctx.workspaceId);
      const after = await updateWidgetSettings(txCtx, patch);
      const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter((k) => before[k] !== after[k]);
      if (changed.length > 0) {
        await recordAudit(txCtx, {
          action: 'widget.settings_updated',
          targetType: 'workspace',
          targetId: ctx.workspaceId,
          data: { changed: changed.sort() },
        });
      }
      return after;
    });
    return c.json({ data: settings.widgetSettingsJson(updated) }, 200);
  });
}
