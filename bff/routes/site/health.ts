import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { DomainError } from '../../../server-core/lib/errors';
import type { AppEnv } from '../../env';
import { errorResponses } from '../../openapi/schemas';
import type { Services } from '../../services';

const route = createRoute({
  operationId: 'healthz',
  method: 'get',
  path: '/healthz',
  tags: ['System'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The service and its database answer.',
      content: {
        'application/json': {
          schema: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    503: { ...errorResponses(422)[422], description: 'The database does not answer.' },
  },
});

export function registerHealth(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(route, async (c) => {
    try {
      await services.db.query('select 1');
    } catch (err) {
      services.logger.error('health check failed', { error: (err as Error).message });
      throw new DomainError('database_unavailable', 503, 'The database does not answer.');
    }
    return c.json({ status: 'ok' as const, database: services.db.kind }, 200);
  });
}
