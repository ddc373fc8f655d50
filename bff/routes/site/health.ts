import type { OpenAPIHono } from '@hono/zod-openapi';
import { DomainError } from '../../../server-core/lib/errors';
import * as system from '../../contract/system';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

export function registerHealth(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(system.healthz, async (c) => {
    try {
      await services.db.query('select 1');
    } catch (err) {
      services.logger.error('health check failed', { error: (err as Error).message });
      throw new DomainError('database_unavailable');
    }
    return c.json({ status: 'ok' as const, database: services.db.kind }, 200);
  });
}
