import type { Context } from 'hono';
import type { Actor, Ctx } from '../../server-core/context';
import { clientIp } from '../client-ip';
import type { AppEnv } from '../env';
import type { Services } from '../services';

/**
 * The server-core context of a request, from the credential its guard put on the context: a portal
 * session acts as the member (with the client address, for the audit log), an API key as the key, a
 * visitor token as the visitor, an OAuth access token as its app. The workspace is always the credential's.
 */
export function requestCtx(c: Context<AppEnv>, services: Services): Ctx {
  const ctx = (workspaceId: string, actor: Actor): Ctx => ({
    db: services.db,
    clock: services.clock,
    workspaceId,
    actor,
    requestId: c.get('requestId'),
  });
  const credential = c.get('credential');
  const member = c.get('member');
  const visitor = c.get('visitor');
  if (credential?.kind === 'session' && member) {
    return {
      ...ctx(member.workspaceId, { type: 'user', id: member.userId }),
      ip: clientIp(c, services.config.trustProxy),
    };
  }
  if (credential?.kind === 'visitor' && visitor) {
    return ctx(visitor.workspaceId, { type: 'visitor', id: visitor.id });
  }
  if (credential?.kind === 'oauth' && credential.oauthAppId) {
    return ctx(credential.workspaceId, { type: 'oauth_app', id: credential.oauthAppId });
  }
  if (credential?.kind === 'api_key' && credential.id) {
    return ctx(credential.workspaceId, { type: 'api_key', id: credential.id });
  }
  throw new Error('requestCtx needs an auth guard first (requireMember, requireApiKey or requireVisitor)');
}
