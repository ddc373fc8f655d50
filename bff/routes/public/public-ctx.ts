import type { Context } from 'hono';
import type { Ctx } from '../../../server-core/context';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

/** The server-core context of a public API request: the key's workspace, the key as actor. */
export function publicCtx(c: Context<AppEnv>, services: Services): Ctx {
  const credential = c.get('credential');
  if (!credential?.id) throw new Error('publicCtx needs requireApiKey');
  return {
    db: services.db,
    clock: services.clock,
    workspaceId: credential.workspaceId,
    actor: { type: 'api_key', id: credential.id },
    requestId: c.get('requestId'),
  };
}
