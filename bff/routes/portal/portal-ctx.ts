import type { Context } from 'hono';
import type { Ctx } from '../../../server-core/context';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { clientIp } from './auth';

/** The server-core context of a portal request: the member's workspace, the member as actor. */
export function portalCtx(c: Context<AppEnv>, services: Services): Ctx {
  const member = c.get('member');
  if (!member) throw new Error('portalCtx needs requireMember');
  return {
    db: services.db,
    clock: services.clock,
    workspaceId: member.workspaceId,
    actor: { type: 'user', id: member.userId },
    requestId: c.get('requestId'),
    ip: clientIp(c, services.config.trustProxy),
  };
}
