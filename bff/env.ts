import type { Role } from '../server-core/members/catalog';

/** Who is calling, once an auth middleware has decided. Scope names the credential for idempotency. */
export interface Credential {
  kind: 'session' | 'api_key';
  /** `user:<id>` for portal sessions, `api_key:<id>` for keys. */
  scope: string;
  workspaceId: string;
}

export interface PortalMember {
  userId: string;
  sessionId: string;
  workspaceId: string;
  role: Role;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    credential?: Credential;
    member?: PortalMember;
  };
}
