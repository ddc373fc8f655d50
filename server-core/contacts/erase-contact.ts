import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { FileStore } from '../files/file-store';
import { notFound } from '../lib/errors';

/** What an erasure removed: counts only (the audit entry carries these, never the personal data). */
export interface ErasureCounts {
  events: number;
  conversations: number;
  experience_sessions: number;
  experience_seen: number;
  survey_answers: number;
  article_feedback: number;
  widget_visitors: number;
  page_facts: number;
  data_exports: number;
  files: number;
}

/**
 * Erases a contact and everything held about them (spec section 8 retention rule), in one transaction:
 * their events; their conversations and tickets with messages and attachments (by the contact, or by one
 * of their widget visitor sessions); their experience ledger (sessions with items, seen markers, survey
 * answers); their article votes; their widget visitor sessions; one-contact exports of them; then the contact;
 * and the external_id that contact webhook events carried (outbox and stored delivery bodies).
 * Files (attachments, export files) are deleted after the commit. The audit entry names the erased id
 * and counts only. docs/decisions/data-exports.md.
 */
export async function eraseContact(
  ctx: Ctx,
  files: FileStore | null,
  contactId: string,
): Promise<ErasureCounts> {
  const { counts, keys } = await ctx.db.tx(async (tx) => {
    const w = ctx.workspaceId;
    const found = await tx.query('select 1 from contacts where workspace_id = $1 and id = $2 for update', [
      w,
      contactId,
    ]);
    if (found.length === 0) throw notFound('contact');
    const visitors = (
      await tx.query<{ id: string }>(
        'select id from widget_visitors where workspace_id = $1 and contact_id = $2',
        [w, contactId],
      )
    ).map((v) => v.id);
    const n = async (sql: string, params: unknown[] = [w, contactId, visitors]) =>
      (await tx.query(sql, params)).length;
    const person = '(contact_id = $2 or widget_visitor_id = any($3::text[]))';
    const fileKeys = (
      await tx.query<{ storage_key: string }>(
        `select a.storage_key from conversation_attachments a join conversations c
           on c.workspace_id = a.workspace_id and c.id = a.conversation_id
         where a.workspace_id = $1 and a.storage_key is not null and ${person.replaceAll('contact_id', 'c.contact_id').replaceAll('widget_visitor_id', 'c.widget_visitor_id')}`,
        [w, contactId, visitors],
      )
    ).map((r) => r.storage_key);
    const exportKeys = await tx.query<{ file_key: string | null }>(
      'delete from data_exports where workspace_id = $1 and contact_id = $2 returning file_key',
      [w, contactId],
    );
    const counts: ErasureCounts = {
      events: await n('delete from contact_events where workspace_id = $1 and contact_id = $2 returning id', [
        w,
        contactId,
      ]),
      conversations: await n(`delete from conversations where workspace_id = $1 and ${person} returning id`),
      survey_answers: await n(
        `delete from experience_survey_answers where workspace_id = $1 and ${person} returning id`,
      ),
      experience_sessions: await n(
        `delete from experience_sessions where workspace_id = $1 and ${person} returning id`,
      ),
      experience_seen: await n(
        `delete from experience_seen where workspace_id = $1 and ${person} returning id`,
      ),
      article_feedback: await n(
        'delete from article_feedback where workspace_id = $1 and (contact_id = $2 or visitor_id = any($3::text[])) returning article_id',
      ),
      widget_visitors: await n(
        'delete from widget_visitors where workspace_id = $1 and (contact_id = $2 or id = any($3::text[])) returning id',
      ),
      page_facts: await n(
        'delete from widget_page_facts where workspace_id = $1 and visitor_id = any($2::text[]) returning visitor_id',
        [w, visitors],
      ),
      data_exports: exportKeys.length,
      files: 0,
    };
    await tx.query('delete from contacts where workspace_id = $1 and id = $2', [w, contactId]);
    // Webhook events carry ids only, but contact events also the customer's external_id: cleared in the
    // outbox and in the stored delivery bodies that name this contact (the ids stay, naming no one).
    await tx.query(
      `update outbox set data = jsonb_set(data, '{external_id}', 'null'::jsonb)
       where workspace_id = $1 and data->>'contact_id' = $2 and data ? 'external_id'`,
      [w, contactId],
    );
    await tx.query(
      `update webhook_deliveries set body = jsonb_set(body::jsonb, '{data,external_id}', 'null'::jsonb)::text
       where workspace_id = $1 and position($2 in body) > 0 and (body::jsonb)#>>'{data,contact_id}' = $2
         and (body::jsonb)->'data' ? 'external_id'`,
      [w, contactId],
    );
    const keys = [...fileKeys, ...exportKeys.flatMap((e) => (e.file_key ? [e.file_key] : []))];
    counts.files = keys.length;
    await recordAudit(
      { ...ctx, db: tx },
      { action: 'contact.erased', targetType: 'contact', targetId: contactId, data: { ...counts } },
    );
    return { counts, keys };
  });
  if (files) for (const key of keys) await files.delete(key);
  return counts;
}
