import { createRoute, z } from '@hono/zod-openapi';
import type { BootResult } from '../../server-core/widget/boot-widget';
import { widgetTheme } from '../../server-core/widget/brand-colors';
import { DEFAULT_TABS, LANGUAGE_SETTINGS, LAUNCHER_SIDES } from '../../server-core/widget/widget-settings';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, Ulid } from './common';
import { EXAMPLE_ID } from './examples';
import { NO_STORE } from './operation-parts';
import { WidgetTriggerMessage } from './proactive-messages';
import { WIDGET_TAG, websiteIdQuery } from './widget-install';
import { WidgetTheme } from './widget-settings';

/** The widget's boot: its config and the visitor (with a new visitor token when one was issued). */

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
    widget_settings: z.object({
      default_tab: z.enum(DEFAULT_TABS),
      launcher_side: z.enum(LAUNCHER_SIDES),
      greeting: z
        .string()
        .nullable()
        .openapi({ description: "The workspace's greeting as written; null: the catalog's." }),
      language: z.enum(LANGUAGE_SETTINGS).openapi({
        description: "`auto`: the first of navigator.languages the widget's catalog has, else English.",
      }),
      theme: WidgetTheme,
    }),
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
    trigger_rules: z.array(WidgetTriggerMessage).openapi({
      description:
        "The published trigger messages (at most 20). The widget evaluates each one's rules in the browser and " +
        'shows its body in the bubble above the launcher at most once per browser.',
    }),
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

export function bootJson(boot: BootResult) {
  return {
    visitor: {
      id: boot.visitor.id,
      token: boot.token,
      expires_at: boot.visitor.expiresAt.toISOString(),
      identity: boot.identity,
    },
    config: boot.config,
  };
}

/** The token is optional at boot: none (or a stale one) gets a new visitor. */
const OPTIONAL_VISITOR_TOKEN: Record<string, string[]>[] = [{ visitorToken: [] }, {}];

export const widgetBoot = createRoute({
  operationId: 'widgetBoot',
  method: 'get',
  path: '/widget/boot',
  tags: [WIDGET_TAG],
  summary: 'Boot the widget: config and visitor token',
  description:
    'The website id names the workspace. Send the stored visitor token as Authorization: Bearer to keep the ' +
    'visitor; a missing, expired or foreign token gets a new visitor. No cookie is used. A new visitor is ' +
    'issued without being stored: its token is signed, and the visitor is stored at its first write (or when ' +
    'it boots again an hour or more later). Limited per client address and website (WIDGET_BOOTS_PER_MINUTE, ' +
    '300 a minute by default): 429 rate_limited with Retry-After.',
  security: OPTIONAL_VISITOR_TOKEN,
  request: { query: websiteIdQuery },
  responses: {
    200: {
      description: 'Boot config and visitor.',
      headers: NO_STORE,
      content: json(BootResponse, {
        data: {
          visitor: {
            id: EXAMPLE_ID.visitorId,
            token: `wvt_${EXAMPLE_ID.websiteId}Qm4sX9cV2bN7kL1pR8tY3wE6zA0dF5gH2jK9uI4oT7r`,
            expires_at: '2027-04-30T12:00:00.000Z',
            identity: null,
          },
          config: {
            website_id: EXAMPLE_ID.websiteId,
            workspace_name: 'Acme Demo',
            features: { experiences: true, event_tracking: true, walkthrough: true },
            widget_settings: {
              default_tab: 'help',
              launcher_side: 'right',
              greeting: null,
              language: 'auto',
              theme: widgetTheme('#1f5fa8'),
            },
            launcher_icon_url: null,
            logo_url: 'https://cdn.example.com/acme/logo.png',
            attachments: {
              enabled: false,
              max_bytes: 10485760,
              types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
            },
            trigger_rules: [],
          },
        },
      }),
    },
    ...errorResponses(404, 422, 429),
  },
});
