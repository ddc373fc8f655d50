import type { Sql } from '../db/db';
import { newId } from '../lib/ulid';
import type { Role } from '../members/catalog';
import { addMembership } from '../members/memberships';
import { createUser, type User } from '../members/users';
import { createWorkspace, type Workspace } from '../workspaces/create-workspace';

/** A workspace of its own per test keeps tests independent on a shared database. */
export async function makeWorkspace(db: Sql, now = new Date(), name = 'Test workspace'): Promise<Workspace> {
  return createWorkspace(db, { name, now });
}

export const TEST_PASSWORD = 'a-long-enough-test-password';

export async function makeMember(
  db: Sql,
  workspaceId: string,
  role: Role,
  now = new Date(),
  password = TEST_PASSWORD,
): Promise<User> {
  const user = await createUser(db, { email: `${role}-${newId()}@example.test`, name: role, password, now });
  await addMembership(db, { workspaceId, userId: user.id, role, now });
  return user;
}
