import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ingestContactEvents } from '../../../server-core/events/ingest-contact-events';
import type { AppEnv } from '../../env';
import { DateTime, errorResponses, IdempotencyKeyHeader } from '../../openapi/schemas';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { publicCtx } from './public-ctx';

const IncomingEvent = z
  .object({
    name: z.string().openapi({ description: '^[a-z][a-z0-9_.:-]{0,63}$, not starting service. or service:' }),
    contact_id: z.string().optional(),
    external_id: z.string().optional(),
    email: z.string().optional(),
    properties: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .optional()
      .openapi({ description: 'Flat: at most 20 keys, strings <= 500 characters, at most 4 KB of JSON.' }),
    occurred_at: DateTime.optional().openapi({
      description: 'Within the last 30 days and not in the future; default now.',
    }),
  })
  .openapi('ContactEvent');

export function registerEventRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(
    createRoute({
      operationId: 'ingestContactEvents',
      method: 'post',
      path: '/api/v1/events',
      tags: ['Contact events'],
      summary: 'Record contact events',
      description:
        'A batch of 1 to 100 events. A malformed batch answers 422 invalid_event_batch with details.index and ' +
        'details.rule and writes nothing. Each contact is named by contact_id, external_id or email (the most ' +
        'specific wins); an unknown contact is listed in rejected (contact_not_found) and the others are written. ' +
        'Contacts are never created here. Ability `events:write`; needs feature.contacts.event_tracking.',
      security: [{ apiKey: [] }],
      middleware: publicApi(services, {
        abilities: ['events:write'],
        flags: ['feature.contacts.event_tracking'],
      }),
      request: {
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: {
          required: true,
          content: { 'application/json': { schema: z.object({ events: z.array(IncomingEvent) }) } },
        },
      },
      responses: {
        200: {
          description: 'Written, with the events whose contact is unknown.',
          content: {
            'application/json': {
              schema: z.object({
                data: z.object({
                  accepted: z.number().int(),
                  rejected: z.array(
                    z.object({
                      index: z.number().int(),
                      code: z.literal('contact_not_found'),
                      message: z.string(),
                    }),
                  ),
                }),
              }),
            },
          },
        },
        ...errorResponses(401, 403, 404, 415, 422, 429),
      },
    }),
    async (c) => {
      const result = await ingestContactEvents(publicCtx(c, services), c.req.valid('json').events);
      return c.json({ data: result }, 200);
    },
  );
}
