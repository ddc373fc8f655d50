import type { Sql } from '../db/db';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './catalog';

/** Writes the catalog of catalog.ts into its tables: upserts what exists, removes what was dropped. */
export async function syncRoleCatalog(tx: Sql): Promise<void> {
  const permissionKeys = Object.keys(PERMISSIONS);
  for (const [key, description] of Object.entries(PERMISSIONS)) {
    await tx.query(
      `insert into permissions (key, description) values ($1, $2)
       on conflict (key) do update set description = excluded.description`,
      [key, description],
    );
  }
  for (const [key, role] of Object.entries(ROLES)) {
    await tx.query(
      `insert into roles (key, description, rank) values ($1, $2, $3)
       on conflict (key) do update set description = excluded.description, rank = excluded.rank`,
      [key, role.description, role.rank],
    );
  }
  await tx.query('delete from role_permissions');
  for (const [role, permissions] of Object.entries(ROLE_PERMISSIONS)) {
    for (const permission of permissions) {
      await tx.query('insert into role_permissions (role, permission) values ($1, $2)', [role, permission]);
    }
  }
  await tx.query('delete from permissions where not (key = any($1::text[]))', [permissionKeys]);
}
