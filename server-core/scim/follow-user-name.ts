import { isUniqueViolation, type Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import { normalizeEmail } from '../members/users';

/**
 * A SCIM userName is the person's e-mail: when PUT or PATCH changes it, the account's e-mail follows, but
 * only when this workspace is the only one the person belongs to (a membership or a SCIM user anywhere
 * else refuses with 409 scim_user_name_shared: one workspace's identity provider must not rename someone
 * another workspace knows, nor take over their sign-in address) and the new address is free (another
 * person's address is 409 scim_user_name_taken). The person's row is locked while deciding. Returns
 * whether the e-mail changed.
 */
export async function followUserName(
  tx: Sql,
  workspaceId: string,
  userId: string,
  userName: string,
  now: Date,
): Promise<boolean> {
  const [person] = await tx.query<{ email_normalized: string }>(
    'select email_normalized from users where id = $1 for update',
    [userId],
  );
  const next = normalizeEmail(userName);
  if (!person || person.email_normalized === next) return false;
  const elsewhere = await tx.query(
    `select 1 from memberships where user_id = $1 and workspace_id <> $2
     union all select 1 from scim_users where user_id = $1 and workspace_id <> $2 limit 1`,
    [userId, workspaceId],
  );
  if (elsewhere.length > 0) throw new DomainError('scim_user_name_shared');
  try {
    const renamed = await tx.query(
      `update users set email = $2, email_normalized = $3, updated_at = $4
       where id = $1 and not exists (select 1 from users where email_normalized = $3 and id <> $1)
       returning id`,
      [userId, userName, next, now],
    );
    if (renamed.length === 0) throw new DomainError('scim_user_name_taken');
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('scim_user_name_taken');
    throw err;
  }
  return true;
}
