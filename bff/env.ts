import type { Ability } from '../server-core/apikeys/abilities';
import type { Role } from '../server-core/members/catalog';
import type { Visitor } from '../server-core/widget/visitors';

/** Who is calling, once an auth middleware has decided. Scope names the credential for idempotency. */
export interface Credential {
  kind: 'session' | 'api_key' | 'oauth' | 'visitor' | 'scim';
  /** `user:<id>` for portal sessions, `api_key:<id>` for keys, `visitor:<id>` for widget visitors. */
  scope: string;
  workspaceId: string;
  /** What an API key (or, later, an OAuth token) may do. Portal sessions use permissions instead. */
  abilities?: readonly Ability[];
  /** The key or token id, for audit entries. */
  id?: string;
  /** The OAuth app an access token was issued to (kind `oauth`): the actor of what it does. */
  oauthAppId?: string;
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
    /** The widget visitor a visitor token named (widget endpoints). */
    visitor?: Visitor;
    /** `oauth`: errors answer the RFC 6749 shape (token, introspection); `scim`: RFC 7644 (/scim/v2). */
    errorShape?: 'oauth' | 'scim';
  };
}
