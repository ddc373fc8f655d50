import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../openapi/schemas';
import { json } from './common';

export const healthz = createRoute({
  operationId: 'healthz',
  method: 'get',
  path: '/healthz',
  tags: ['System'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The service and its database answer.',
      content: json(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }), {
        status: 'ok',
        database: 'postgres',
      }),
    },
    503: { ...errorResponses(422)[422], description: 'The database does not answer.' },
  },
});
