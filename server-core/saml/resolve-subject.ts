import type { Sql } from '../db/db';
import { normalizeEmail } from '../members/users';

export interface SubjectResolution {
  /** The local user the identity is bound to in this workspace, or null when not bound yet. */
  boundUserId: string | null;
  /** Whether that user (or, when not bound, the user with the NameID's address) is a member here. */
  member: boolean;
}

/**
 * Who a NameID names in this workspace: the binding when the identity was confirmed before; otherwise the
 * user whose normalised address equals the NameID, which only says whom the ownership mail goes to.
 */
export async function resolveSubject(
  db: Sql,
  workspaceId: string,
  nameId: string,
): Promise<SubjectResolution> {
  const key = normalizeEmail(nameId);
  const [bound] = await db.query<{ user_id: string; member: boolean }>(
    `select i.user_id, exists (select 1 from memberships m where m.workspace_id = i.workspace_id and m.user_id = i.user_id) as member
     from saml_identities i where i.workspace_id = $1 and i.name_id = $2`,
    [workspaceId, key],
  );
  if (bound) return { boundUserId: bound.user_id, member: bound.member };
  const [byEmail] = await db.query<{ member: boolean }>(
    `select exists (select 1 from memberships m where m.workspace_id = $1 and m.user_id = u.id) as member
     from users u where u.email_normalized = $2`,
    [workspaceId, key],
  );
  return { boundUserId: null, member: byEmail?.member ?? false };
}
