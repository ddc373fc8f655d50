import { createRoute, z } from '@hono/zod-openapi';
import { PRIORITIES } from '../../server-core/conversations/conversation';
import {
  MAX_SLA_MINUTES,
  type SlaTarget as SlaTargetRecord,
} from '../../server-core/conversations/sla-targets';
import { errorResponses } from '../openapi/schemas';
import { json, jsonBody } from './common';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/** The workspace's SLA targets per ticket priority (docs/decisions/conversations.md, SLA). */

const TAG = 'Portal: conversations';
const Minutes = z.number().int().min(1).max(MAX_SLA_MINUTES).nullable();

export const SlaTarget = z
  .object({
    priority: z.enum(PRIORITIES),
    first_response_minutes: Minutes.openapi({
      description: 'Minutes from the ticket’s opening to a staff reply; null: none.',
    }),
    resolution_minutes: Minutes.openapi({
      description: 'Minutes from the ticket’s opening to resolved; null: none.',
    }),
  })
  .openapi('SlaTarget');

const Targets = z.object({ data: z.array(SlaTarget) });

export const slaTargetsJson = (rows: readonly SlaTargetRecord[]): z.output<typeof Targets> => ({
  data: [...rows],
});

const example: z.output<typeof SlaTarget>[] = [
  { priority: 'low', first_response_minutes: 1440, resolution_minutes: null },
  { priority: 'normal', first_response_minutes: 240, resolution_minutes: 2880 },
  { priority: 'high', first_response_minutes: 60, resolution_minutes: 480 },
  { priority: 'urgent', first_response_minutes: 15, resolution_minutes: 240 },
];

export const getSlaTargets = createRoute({
  operationId: 'getSlaTargets',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/settings/sla',
  tags: [TAG],
  summary: 'Get the SLA targets',
  description:
    'One row per priority, lowest first; nulls where no target is set. Permission `settings.manage`.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: { description: 'The targets.', content: json(Targets, { data: example }) },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const putSlaTargets = createRoute({
  operationId: 'putSlaTargets',
  method: 'put',
  path: '/api/v1/workspaces/{workspaceId}/settings/sla',
  tags: [TAG],
  summary: 'Replace the SLA targets',
  description:
    'A priority left out has no target. The worker checks open tickets every minute and sends ' +
    'ticket.sla_breached once per ticket and target (first_response, resolution) when one passes. ' +
    'Permission `settings.manage`.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    body: jsonBody(
      strictObject({
        targets: z
          .array(
            strictObject({
              priority: z.enum(PRIORITIES),
              first_response_minutes: Minutes,
              resolution_minutes: Minutes,
            }),
          )
          .max(PRIORITIES.length),
      }).openapi('PutSlaTargetsRequest'),
      { targets: example },
    ),
  },
  responses: {
    200: { description: 'The targets.', content: json(Targets, { data: example }) },
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});
