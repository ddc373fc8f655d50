import type { Ctx } from '../context';
import { isUniqueViolation } from '../db/db';
import { DomainError, notFound } from '../lib/errors';
import { type AttributePatch, mergeAttributes, validateAttributePatch } from './attribute-rules';
import { CONTACT_COLUMNS, type Contact } from './contact';

export interface ContactPatch {
  /** undefined leaves a field alone; null (or a blank string) clears it. */
  name?: string | null;
  phone?: string | null;
  externalId?: string | null;
  /** Merged: values set keys, null clears a key, omitted keys stay. */
  attributes?: AttributePatch;
}

const next = (value: string | null | undefined, current: string | null) =>
  value === undefined ? current : value === null || value.trim() === '' ? null : value.trim();

/**
 * Changes the given fields only; attributes keep the attribute rules. The email is the contact's key
 * and cannot change (upsert instead).
 */
export async function updateContact(ctx: Ctx, contactId: string, patch: ContactPatch): Promise<Contact> {
  if (patch.attributes !== undefined) validateAttributePatch(patch.attributes);
  return ctx.db.tx(async (db) => {
    const [current] = await db.query<Contact>(
      `select ${CONTACT_COLUMNS} from contacts where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, contactId],
    );
    if (!current) throw notFound('contact');
    try {
      const [row] = await db.query<Contact>(
        `update contacts set name = $3, phone = $4, external_id = $5, attributes = $6::jsonb, updated_at = $7
         where workspace_id = $1 and id = $2 returning ${CONTACT_COLUMNS}`,
        [
          ctx.workspaceId,
          contactId,
          next(patch.name, current.name),
          next(patch.phone, current.phone),
          next(patch.externalId, current.external_id),
          JSON.stringify(
            patch.attributes ? mergeAttributes(current.attributes, patch.attributes) : current.attributes,
          ),
          ctx.clock.now(),
        ],
      );
      return row!;
    } catch (err) {
      if (isUniqueViolation(err, 'contacts_external_id_key')) {
        throw new DomainError('external_id_taken', { field: 'external_id' });
      }
      throw err;
    }
  });
}
