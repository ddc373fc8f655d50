import type { Context } from 'hono';
import type { Ctx } from '../../../server-core/context';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

/** The server-core context of a widget request: the visitor's workspace, the visitor as actor. */
export function visitorCtx(c: Context<AppEnv>, services: Services): Ctx {
  const visitor = c.get('visitor');
  if (!visitor) throw new Error('visitorCtx needs requireVisitor');
  return {
    db: services.db,
    clock: services.clock,
    workspaceId: visitor.workspaceId,
    actor: { type: 'visitor', id: visitor.id },
    requestId: c.get('requestId'),
  };
}
