import type { MiddlewareHandler } from 'hono';
import type { Flag } from '../../../server-core/flags/catalog';
import { DomainError } from '../../../server-core/lib/errors';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

/** An operation behind a flag that is off does not exist for that workspace: the same 404 as no route. */
export const requireFlag = (services: Services, ...flags: Flag[]): MiddlewareHandler<AppEnv> =>
  async function requireFlag(c, next) {
    const credential = c.get('credential');
    if (!credential) throw new Error('requireFlag must be mounted after an auth middleware');
    for (const flag of flags) {
      if (!(await services.flags.isEnabled(credential.workspaceId, flag))) {
        throw new DomainError(
          'not_found',
          { method: c.req.method, path: c.req.path },
          `No route matches ${c.req.method} ${c.req.path}.`,
        );
      }
    }
    await next();
  };
