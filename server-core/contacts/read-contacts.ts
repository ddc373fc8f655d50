import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { normalizeEmail } from '../members/users';
import { CONTACT_COLUMNS, type Contact } from './contact';

export async function getContact(ctx: Ctx, contactId: string): Promise<Contact> {
  const [row] = await ctx.db.query<Contact>(
    `select ${CONTACT_COLUMNS} from contacts where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, contactId],
  );
  if (!row) throw notFound('contact');
  return row;
}

export interface ContactFilter {
  email?: string;
  /** Contacts seen at or after this time. */
  seenSince?: Date;
  beforeId: string | null;
  limit: number;
}

/** Newest first by id; fetches limit + 1 so the caller knows whether there is a next page. */
export async function listContacts(ctx: Ctx, f: ContactFilter): Promise<Contact[]> {
  return ctx.db.query<Contact>(
    `select ${CONTACT_COLUMNS} from contacts
     where workspace_id = $1 and ($2::text is null or id < $2) and ($3::text is null or email_normalized = $3)
       and ($4::timestamptz is null or last_seen_at >= $4)
     order by id desc limit $5`,
    [ctx.workspaceId, f.beforeId, f.email ? normalizeEmail(f.email) : null, f.seenSince ?? null, f.limit + 1],
  );
}
