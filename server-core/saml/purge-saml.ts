import type { Sql } from '../db/db';

/** Housekeeping: AuthnRequests, assertion ids and binding confirmations past their lifetime. */
export async function purgeExpiredSaml(db: Sql, now: Date): Promise<number> {
  let n = 0;
  for (const table of ['saml_requests', 'saml_assertion_ids', 'saml_binding_confirmations']) {
    n += (await db.query(`delete from ${table} where expires_at <= $1 returning workspace_id`, [now])).length;
  }
  return n;
}
