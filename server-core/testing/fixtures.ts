import type { Sql } from '../db/db';
import { hashPassword } from '../lib/password';
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

/**
 * TEST_PASSWORD's hash, made once per test process with the product's own parameters: one scrypt hash
 * costs 100-400 ms of CPU on these machines, and the suite makes members by the hundred. Sign-in still
 * verifies against it for real.
 */
let testPasswordHash: Promise<string> | null = null;

/** A user whose password is `password`; TEST_PASSWORD's hash is computed once per process (above). */
export async function makeUser(
  db: Sql,
  input: { email: string; name: string; password?: string; now: Date },
): Promise<User> {
  const password = input.password ?? TEST_PASSWORD;
  if (password !== TEST_PASSWORD) return createUser(db, { ...input, password });
  const user = await createUser(db, { ...input, password: null });
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  await db.query('update users set password_hash = $2 where id = $1', [user.id, await testPasswordHash]);
  return user;
}

export async function makeMember(
  db: Sql,
  workspaceId: string,
  role: Role,
  now = new Date(),
  password = TEST_PASSWORD,
): Promise<User> {
  const user = await makeUser(db, { email: `${role}-${newId()}@example.test`, name: role, password, now });
  await addMembership(db, { workspaceId, userId: user.id, role, now });
  return user;
}
