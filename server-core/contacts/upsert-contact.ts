import type { Ctx } from '../context';
import { isUniqueViolation } from '../db/db';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { normalizeEmail } from '../members/users';
import { emitEvent } from '../outbox/emit-event';
import { type AttributePatch, mergeAttributes, validateAttributePatch } from './attribute-rules';
import { CONTACT_COLUMNS, type Contact } from './contact';

export interface UpsertContactInput {
  email: string;
  name?: string | null;
  phone?: string | null;
  externalId?: string | null;
  /** Keys with a value are set. How nulls behave is `blankAttributes`. */
  attributes?: AttributePatch;
  /** 'ignore' (API upsert: blank values never overwrite) or 'clear' (signed widget identity: null clears). */
  blankAttributes?: 'ignore' | 'clear';
  /** Only ever raised to true by a verified identity; an upsert never un-verifies. */
  verified?: boolean;
  seenAt?: Date;
}

const blank = (v: string | null | undefined): boolean => v === undefined || v === null || v.trim() === '';

function attributePatch(input: UpsertContactInput): AttributePatch {
  const patch = input.attributes ?? {};
  if (input.blankAttributes === 'clear') return patch;
  return Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== null && !(typeof v === 'string' && v.trim() === '')),
  );
}

/**
 * Creates or updates the contact with this email (case-insensitive); attributes keep the attribute
 * rules (422 validation_failed naming the key and rule). Blank incoming values never
 * overwrite stored ones. Creations in a workspace take one advisory lock, so concurrent upserts of
 * one email create one contact and the plan's ceiling holds; a creation emits contact.created in the
 * same transaction, an update that matches emits nothing.
 */
export async function upsertContact(
  ctx: Ctx,
  input: UpsertContactInput,
): Promise<{ contact: Contact; created: boolean }> {
  if (input.attributes !== undefined) validateAttributePatch(input.attributes);
  const email = input.email.trim();
  const normalized = normalizeEmail(email);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const find = async () =>
      (
        await db.query<Contact>(
          `select ${CONTACT_COLUMNS} from contacts where workspace_id = $1 and email_normalized = $2 for update`,
          [ctx.workspaceId, normalized],
        )
      )[0];
    let existing = await find();
    if (!existing) {
      await db.query("select pg_advisory_xact_lock(hashtext('contacts:create:' || $1))", [ctx.workspaceId]);
      existing = await find();
    }
    try {
      if (existing) return { contact: await update(existing), created: false };
      return { contact: await create(), created: true };
    } catch (err) {
      if (isUniqueViolation(err, 'contacts_external_id_key')) {
        throw new DomainError('external_id_taken', { field: 'external_id' });
      }
      throw err;
    }

    async function update(current: Contact): Promise<Contact> {
      const [row] = await db.query<Contact>(
        `update contacts set name = $3, phone = $4, external_id = $5, attributes = $6::jsonb, verified = $7,
           last_seen_at = greatest(last_seen_at, $8), updated_at = $9
         where workspace_id = $1 and id = $2 returning ${CONTACT_COLUMNS}`,
        [
          ctx.workspaceId,
          current.id,
          blank(input.name) ? current.name : input.name!.trim(),
          blank(input.phone) ? current.phone : input.phone!.trim(),
          blank(input.externalId) ? current.external_id : input.externalId!.trim(),
          JSON.stringify(mergeAttributes(current.attributes, attributePatch(input))),
          current.verified || input.verified === true,
          input.seenAt ?? current.last_seen_at,
          now,
        ],
      );
      return row!;
    }

    async function create(): Promise<Contact> {
      const [limits] = await db.query<{ contact_limit: number; count: number }>(
        `select w.contact_limit, (select count(*)::int from contacts c where c.workspace_id = w.id) as count
         from workspaces w where w.id = $1`,
        [ctx.workspaceId],
      );
      if (!limits || limits.count >= limits.contact_limit) {
        throw new DomainError('contact_limit_reached', { limit: limits?.contact_limit ?? 0 });
      }
      const [row] = await db.query<Contact>(
        `insert into contacts (workspace_id, id, email, email_normalized, name, phone, external_id, verified, attributes,
           last_seen_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $11) returning ${CONTACT_COLUMNS}`,
        [
          ctx.workspaceId,
          newId(now),
          email,
          normalized,
          blank(input.name) ? null : input.name!.trim(),
          blank(input.phone) ? null : input.phone!.trim(),
          blank(input.externalId) ? null : input.externalId!.trim(),
          input.verified === true,
          JSON.stringify(mergeAttributes({}, attributePatch(input))),
          input.seenAt ?? now,
          now,
        ],
      );
      const contact = row!;
      await emitEvent({ ...ctx, db }, 'contact.created', {
        contact_id: contact.id,
        external_id: contact.external_id,
        verified: contact.verified,
        created_at: contact.created_at.toISOString(),
      });
      return contact;
    }
  });
}
