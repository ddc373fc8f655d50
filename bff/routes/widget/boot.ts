import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bootWidget } from '../../../server-core/widget/boot-widget';
import { DEFAULT_TABS } from '../../../server-core/widget/widget-settings';
import type { AppEnv } from '../../env';
import { bearerVisitorToken } from '../../middleware/visitor';
import { DateTime, errorResponses, Ulid } from '../../openapi/schemas';
import type { Services } from '../../services';
import { WIDGET_TAG } from './install';
import { websiteIdQuery } from './schemas';

const BootConfig = z
  .object({
    website_id: Ulid,
    workspace_name: z.string(),
    features: z
      .object({
        experiences: z
          .boolean()
          .openapi({ description: 'feature.experiences.core: Help | Onboarding | Chat.' }),
        event_tracking: z
          .boolean()
          .openapi({ description: 'feature.contacts.event_tracking: Widget.track sends.' }),
        walkthrough: z.boolean().openapi({ description: 'feature.walkthrough.player.' }),
      })
      .openapi({ description: 'The flags the widget needs to know.' }),
    widget_settings: z.object({ default_tab: z.enum(DEFAULT_TABS) }),
    launcher_icon_url: z.string().nullable().openapi({
      description:
        'Drawn at 32 px instead of the bubble (null while unset or feature.messaging.launcher_icon is off).',
    }),
    logo_url: z.string().nullable().openapi({ description: 'The workspace logo for the panel header.' }),
    attachments: z.object({
      enabled: z.boolean(),
      max_bytes: z.number().int(),
      types: z.array(z.string()),
    }),
    trigger_rules: z
      .array(z.object({}))
      .openapi({ description: 'Proactive-message trigger rules (none until proactive messages exist).' }),
  })
  .openapi('WidgetBootConfig');

const BootResponse = z
  .object({
    data: z.object({
      visitor: z.object({
        id: Ulid,
        token: z
          .string()
          .nullable()
          .openapi({
            description:
              'A new visitor token (`wvt_…`) when this boot issued one; null when the presented token is live. ' +
              'Keep it in localStorage and send it as Authorization: Bearer on every widget call.',
          }),
        expires_at: DateTime.openapi({ description: '180 days after the last boot (sliding).' }),
        identity: z.object({ email: z.string(), name: z.string().nullable() }).nullable().openapi({
          description: 'The verified identity (valid under the current identity secret), or null.',
        }),
      }),
      config: BootConfig,
    }),
  })
  .openapi('WidgetBootResponse');

/** The token is optional at boot: none (or a stale one) gets a new visitor. */
const OPTIONAL_VISITOR_TOKEN: Record<string, string[]>[] = [{ visitorToken: [] }, {}];

/** An Origin other than the service's own is a customer page: its first boot marks the widget installed. */
function isCustomerPage(c: Context<AppEnv>, publicUrl: string): boolean {
  const origin = c.req.header('Origin');
  if (!origin || origin === 'null') return false;
  return origin !== new URL(publicUrl).origin;
}

export function registerWidgetBootRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(
    createRoute({
      operationId: 'widgetBoot',
      method: 'get',
      path: '/widget/boot',
      tags: [WIDGET_TAG],
      summary: 'Boot the widget: config and visitor token',
      description:
        'The website id names the workspace. Send the stored visitor token as Authorization: Bearer to keep the ' +
        'visitor; a missing, expired or foreign token gets a new visitor. No cookie is used.',
      security: OPTIONAL_VISITOR_TOKEN,
      request: { query: websiteIdQuery },
      responses: {
        200: {
          description: 'Boot config and visitor.',
          headers: { 'Cache-Control': { schema: { type: 'string' }, description: 'no-store' } },
          content: { 'application/json': { schema: BootResponse } },
        },
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const { website_id } = c.req.valid('query');
      const boot = await bootWidget(services, {
        websiteId: website_id.toLowerCase(),
        token: bearerVisitorToken(c.req.header('Authorization')),
        countsAsInstall: isCustomerPage(c, services.config.publicUrl),
      });
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          data: {
            visitor: {
              id: boot.visitor.id,
              token: boot.token,
              expires_at: boot.visitor.expiresAt.toISOString(),
              identity: boot.identity,
            },
            config: boot.config,
          },
        },
        200,
      );
    },
  );
}
