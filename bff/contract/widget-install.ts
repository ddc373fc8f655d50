import { createRoute, z } from '@hono/zod-openapi';
import { buildAgentInstructions } from '../../server-core/widget/agent-instructions';
import type { InstallInfo } from '../../server-core/widget/install-info';
import { buildSnippet } from '../../server-core/widget/snippet';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, Ulid } from './common';
import { EXAMPLE_ID, EXAMPLE_SECRET, EXAMPLE_TIME } from './examples';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/** The widget's install info: the snippet, whether it booted, and instructions for a coding agent. */

export const WIDGET_TAG = 'Widget';
export const PORTAL_WIDGET_TAG = 'Portal: widget';

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

const exampleSnippet = buildSnippet('https://support.example.com/cdn', EXAMPLE_ID.websiteId);
const exampleInstall: z.output<typeof WidgetInstallInfo> = {
  website_id: EXAMPLE_ID.websiteId,
  snippet: exampleSnippet,
  installed: true,
  installed_at: EXAMPLE_TIME,
  // The first lines of the brief (the answer carries all of it).
  agent_instructions: `${buildAgentInstructions({
    websiteId: EXAMPLE_ID.websiteId,
    snippet: exampleSnippet,
    cdnUrl: 'https://support.example.com/cdn',
    apiUrl: 'https://support.example.com',
  })
    .split('\n')
    .slice(0, 5)
    .join('\n')}\n…`,
};

/** The portal's view adds the workspace's inbound mail address (never on the public widgetInstall). */
export const PortalWidgetInstallInfo = WidgetInstallInfo.extend({
  inbound_email: z
    .string()
    .nullable()
    .openapi({
      description:
        'Mail sent here opens a conversation (inboundEmail): <inbound token>@INBOUND_MAIL_DOMAIN. Null while ' +
        'inbound mail is not configured (INBOUND_MAIL_DOMAIN and INBOUND_MAIL_SECRET). Read-only.',
    }),
}).openapi('PortalWidgetInstallInfo');

export function installInfoJson(info: InstallInfo) {
  return { ...info, installed_at: iso(info.installed_at) };
}

/** The website id of the snippet: public, it names the workspace on widget calls. */
export const websiteIdQuery = strictObject({
  website_id: Ulid.openapi({
    param: { name: 'website_id', in: 'query', example: EXAMPLE_ID.websiteId },
    description: 'The workspace website id from the snippet (WIDGET_WEBSITE_ID).',
  }),
});

export const widgetInstall = createRoute({
  operationId: 'widgetInstall',
  method: 'get',
  path: '/widget/install',
  tags: [WIDGET_TAG],
  summary: 'Issue the install snippet and agent instructions',
  description:
    'Public: the website id is in every page that carries the snippet. Unknown website ids answer 404.',
  request: { query: websiteIdQuery },
  responses: {
    200: {
      description: 'Install info.',
      content: json(z.object({ data: WidgetInstallInfo }), { data: exampleInstall }),
    },
    ...errorResponses(404, 422),
  },
});

export const getWidgetInstall = createRoute({
  operationId: 'getWidgetInstall',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/widget/install',
  tags: [PORTAL_WIDGET_TAG],
  summary: 'Widget install info: snippet, install state, agent instructions',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'Install info, with the inbound mail address.',
      content: json(z.object({ data: PortalWidgetInstallInfo }), {
        data: { ...exampleInstall, inbound_email: `${EXAMPLE_SECRET.inboundToken}@in.example.com` },
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});
