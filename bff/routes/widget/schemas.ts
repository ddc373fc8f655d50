import { z } from '@hono/zod-openapi';
import type { InstallInfo } from '../../../server-core/widget/install-info';
import { DateTime, Ulid } from '../../openapi/schemas';

export const WidgetInstallInfo = z
  .object({
    website_id: Ulid,
    snippet: z
      .string()
      .nullable()
      .openapi({
        description:
          'Two script elements: the first sets $widget = [] and WIDGET_WEBSITE_ID, the second loads l.js ' +
          'asynchronously from the widget CDN. Null while no CDN is configured (WIDGET_CDN_URL).',
      }),
    installed: z.boolean().openapi({ description: 'True once the widget has booted on a customer page.' }),
    installed_at: DateTime.nullable(),
    agent_instructions: z
      .string()
      .openapi({ description: 'Markdown: how an AI coding agent installs the snippet and verifies it.' }),
  })
  .openapi('WidgetInstallInfo');

export function installInfoJson(info: InstallInfo) {
  return { ...info, installed_at: info.installed_at?.toISOString() ?? null };
}

export const websiteIdQuery = z.object({
  website_id: Ulid.openapi({
    param: { name: 'website_id', in: 'query' },
    description: 'The workspace website id from the snippet (WIDGET_WEBSITE_ID).',
  }),
});
