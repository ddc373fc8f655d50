import type { Ctx } from '../context';
import { CONTACT_COLUMNS, type Contact } from './contact';

/**
 * The console's contact list: newest first by id, optionally narrowed to those whose email, name, phone or
 * external id contains `q` (case-insensitive; `%` and `_` are literal). Fetches limit + 1 so the caller
 * knows whether there is a next page.
 */
export async function searchContacts(
  ctx: Ctx,
  f: { q?: string; beforeId: string | null; limit: number },
): Promise<Contact[]> {
  const term = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return ctx.db.query<Contact>(
    `select ${CONTACT_COLUMNS} from contacts
     where workspace_id = $1 and ($2::text is null or id < $2)
       and ($3::text is null or email ilike $3 or name ilike $3 or phone ilike $3 or external_id ilike $3)
     order by id desc limit $4`,
    [ctx.workspaceId, f.beforeId, term, f.limit + 1],
  );
}
