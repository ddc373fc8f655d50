import type { Sql } from '../db/db';
import { addMembership } from '../members/memberships';
import { createUser } from '../members/users';
import { seedDemoContacts } from './demo-contacts';
import { generatePassword, type SeededWorkspace, seedWorkspace } from './seed-workspace';

const DEMO_KEY = 'demo_workspace_id';
export const DEMO_OWNER_EMAIL = 'owner@demo.test';
/** The demo's staff member (role member): answers conversations, manages nothing. */
export const DEMO_STAFF_EMAIL = 'staff@demo.test';
export const DEMO_STAFF_NAME = 'Sam from Acme';

/** The demo's credentials: the owner's and API key, and the staff member's login. */
export interface DemoWorkspace extends SeededWorkspace {
  staffEmail: string;
  staffPassword: string;
}

export async function getDemoWorkspaceId(db: Sql): Promise<string | null> {
  const rows = await db.query<{ value: string }>('select value from instance_settings where key = $1', [
    DEMO_KEY,
  ]);
  return rows[0]?.value ?? null;
}

/**
 * Seeds the demo workspace on first start (an owner, a staff member of role member, an API key). Returns the credentials only when it created them (they
 * are not recoverable later: the database keeps hashes); null when a demo workspace already exists.
 * The advisory lock makes two nodes starting together seed once.
 */
export async function seedDemoWorkspace(db: Sql, now: Date): Promise<DemoWorkspace | null> {
  return db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('demo-seed'))");
    if (await getDemoWorkspaceId(tx)) return null;
    const seeded = await seedWorkspace(tx, {
      now,
      name: 'Acme Demo',
      ownerEmail: DEMO_OWNER_EMAIL,
      ownerName: 'Demo Owner',
    });
    const staffPassword = generatePassword();
    const staff = await createUser(tx, {
      email: DEMO_STAFF_EMAIL,
      name: DEMO_STAFF_NAME,
      password: staffPassword,
      now,
    });
    await addMembership(tx, { workspaceId: seeded.workspaceId, userId: staff.id, role: 'member', now });
    await seedDemoContacts({
      db: tx,
      clock: { now: () => now },
      workspaceId: seeded.workspaceId,
      actor: { type: 'system', id: null },
    });
    await tx.query('insert into instance_settings (key, value, updated_at) values ($1, $2, $3)', [
      DEMO_KEY,
      seeded.workspaceId,
      now,
    ]);
    return { ...seeded, staffEmail: DEMO_STAFF_EMAIL, staffPassword };
  });
}
