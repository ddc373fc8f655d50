import { createRoute, z } from '@hono/zod-openapi';
import { MIN_CONTRAST, widgetTheme } from '../../server-core/widget/brand-colors';
import {
  DEFAULT_TABS,
  GREETING_MAX,
  LANGUAGE_SETTINGS,
  LAUNCHER_SIDES,
  type WidgetSettings,
} from '../../server-core/widget/widget-settings';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody } from './common';
import { EXAMPLE_LATER } from './examples';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';
import { PORTAL_WIDGET_TAG } from './widget-install';

/** The messenger's appearance per workspace, for the staff console (the ops CLI sets the same fields). */

const DEFAULT_TAB = z.enum(DEFAULT_TABS).openapi({
  description:
    'The tab the panel opens on; `auto`: Onboarding while a program has something to do, else Help when the ' +
    'page has pinned or matched content, else Chat. Tabs with nothing to offer are hidden; a hidden tab falls ' +
    'back to the first shown.',
});
const BRAND_COLOR = z.string().openapi({
  description: 'The brand colour, `#rrggbb` (stored lower-case): launcher, header and buttons.',
  example: '#1f5fa8',
});
const LAUNCHER_SIDE = z.enum(LAUNCHER_SIDES).openapi({ description: 'The corner of the launcher.' });
const GREETING = z
  .string()
  .nullable()
  .openapi({
    description: `The home view's greeting, one line of plain text of at most ${GREETING_MAX} characters, shown as written whatever the visitor's language; null (or empty) shows the message catalog's greeting in the visitor's language.`,
    example: 'Welcome to Acme! Ask us anything.',
  });
const LANGUAGE = z.enum(LANGUAGE_SETTINGS).openapi({
  description:
    "The widget's language: English, French, German or Spanish; `auto` takes the first of the visitor's " +
    'browser languages (navigator.languages) the widget has, else English.',
});
const IMAGE_URL = z.string().nullable().openapi({
  description: 'An https URL (http only on a loopback host) of at most 2048 characters, or null.',
  example: 'https://cdn.example.com/acme/logo.png',
});

export const WidgetTheme = z
  .object({
    brand: z.string(),
    on_brand: z.string().openapi({
      description: 'Text on the brand colour: white or black, whichever contrasts more (at least 4.58:1).',
    }),
    accent: z.string().openapi({
      description: `Links and selected states on the light panel: the brand colour, darkened until ${MIN_CONTRAST}:1.`,
    }),
    accent_dark: z.string().openapi({
      description: `The same on the dark panel (prefers-color-scheme: dark): lightened until ${MIN_CONTRAST}:1.`,
    }),
  })
  .openapi('WidgetTheme', { description: 'Derived from brand_color; not settable.' });

const Settings = z
  .object({
    default_tab: DEFAULT_TAB,
    brand_color: BRAND_COLOR,
    launcher_side: LAUNCHER_SIDE,
    greeting: GREETING,
    language: LANGUAGE,
    launcher_icon_url: IMAGE_URL,
    logo_url: IMAGE_URL,
    theme: WidgetTheme,
    updated_at: DateTime.nullable().openapi({
      description: 'When the settings row was last written (the first install writes it too); null before.',
    }),
  })
  .openapi('WidgetSettings');

const UpdateRequest = strictObject({
  default_tab: DEFAULT_TAB.optional(),
  brand_color: BRAND_COLOR.optional(),
  launcher_side: LAUNCHER_SIDE.optional(),
  greeting: GREETING.optional(),
  language: LANGUAGE.optional(),
  launcher_icon_url: IMAGE_URL.optional(),
  logo_url: IMAGE_URL.optional(),
}).openapi('UpdateWidgetSettingsRequest');

export function widgetSettingsJson(s: WidgetSettings) {
  return {
    default_tab: s.default_tab,
    brand_color: s.brand_color,
    launcher_side: s.launcher_side,
    greeting: s.greeting,
    language: s.language,
    launcher_icon_url: s.launcher_icon_url,
    logo_url: s.logo_url,
    theme: widgetTheme(s.brand_color),
    updated_at: iso(s.updated_at),
  };
}

const exampleSettings: z.output<typeof Settings> = {
  default_tab: 'help',
  brand_color: '#1f5fa8',
  launcher_side: 'right',
  greeting: null,
  language: 'auto',
  launcher_icon_url: null,
  logo_url: 'https://cdn.example.com/acme/logo.png',
  theme: widgetTheme('#1f5fa8'),
  updated_at: EXAMPLE_LATER,
};
const EXAMPLE_UPDATE = { brand_color: '#0f766e', greeting: 'Welcome to Acme! Ask us anything.' };

const PATH = '/api/v1/workspaces/{workspaceId}/widget/settings';
const settingsResponse = (example: z.output<typeof Settings>) => ({
  description: 'The widget settings.',
  content: json(z.object({ data: Settings }), { data: example }),
});

export const getWidgetSettings = createRoute({
  operationId: 'getWidgetSettings',
  method: 'get',
  path: PATH,
  tags: [PORTAL_WIDGET_TAG],
  summary: "The messenger's appearance: brand colour, launcher side, greeting, language, default tab, images",
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: { 200: settingsResponse(exampleSettings), ...errorResponses(401, 403, 404) },
});

export const updateWidgetSettings = createRoute({
  operationId: 'updateWidgetSettings',
  method: 'patch',
  path: PATH,
  tags: [PORTAL_WIDGET_TAG],
  summary: "Change the messenger's appearance (the fields sent; the others stay)",
  description:
    'Visitors see the change at their next page load (the boot config). 422 validation_failed names the field ' +
    'and its rule: `hex_color`, `max_length`, `single_line`, `enum`, `url` or `https_url`. Audited as ' +
    'widget.settings_updated with the names of the fields changed.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, body: jsonBody(UpdateRequest, EXAMPLE_UPDATE) },
  responses: {
    200: settingsResponse({
      ...exampleSettings,
      ...EXAMPLE_UPDATE,
      theme: widgetTheme(EXAMPLE_UPDATE.brand_color),
    }),
    ...errorResponses(401, 403, 404, 415, 422),
  },
});
