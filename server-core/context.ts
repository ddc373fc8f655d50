import type { Sql } from './db/db';
import type { Clock } from './lib/clock';

/** Who acts. Recorded in the audit log; never carries a secret. */
export type Actor =
  | { type: 'user'; id: string }
  | { type: 'api_key'; id: string }
  | { type: 'oauth_app'; id: string }
  | { type: 'visitor'; id: string }
  | { type: 'scim_token'; id: string }
  | { type: 'system'; id: null };

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null };

/** The explicit tenant context every workspace-owned server-core function takes. */
export interface Ctx {
  db: Sql;
  clock: Clock;
  workspaceId: string;
  actor: Actor;
  requestId?: string;
  ip?: string;
}
