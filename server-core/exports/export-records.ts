import type { Sql } from '../db/db';
import { EXPORT_PAGE_SIZE, type ExportScope } from './data-export';

/** One record of an export: its kind, its id, the id it belongs to, when it was made, and its fields. */
export interface ExportRecord {
  record:
    | 'contact'
    | 'conversation'
    | 'message'
    | 'ticket'
    | 'event'
    | 'experience_session'
    | 'experience_seen'
    | 'survey_answer';
  id: string;
  parent_id: string | null;
  created_at: string;
  data: Record<string, unknown>;
}

type Row = Record<string, unknown> & { id: string };

/** Rows of the contact ($3): by the contact, or by one of their widget visitor sessions (as erasure finds them). */
const PERSON =
  '(contact_id = $3 or widget_visitor_id in (select v.id from widget_visitors v where v.workspace_id = $1 and v.contact_id = $3))';

/**
 * Reads one table in pages of EXPORT_PAGE_SIZE by its key (a keyset cursor: `id > last`), so a build holds
 * one page at a time whatever the size of the workspace. `where` is extra SQL over the parameters from $3.
 */
async function* pages(
  db: Sql,
  table: string,
  workspaceId: string,
  where: string,
  params: readonly unknown[],
): AsyncGenerator<Row[]> {
  let after = '';
  for (;;) {
    const rows = await db.query<Row>(
      `select * from ${table} where workspace_id = $1 and id > $2 ${where} order by id limit ${EXPORT_PAGE_SIZE}`,
      [workspaceId, after, ...params],
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows[rows.length - 1]!.id;
  }
}

function iso(v: unknown): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

/** The row without the workspace id and with times as ISO strings. */
function fields(row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'workspace_id' || k === 'email_normalized') continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

function record(kind: ExportRecord['record'], row: Row, parent: string | null, at: unknown): ExportRecord {
  return { record: kind, id: row.id, parent_id: parent, created_at: iso(at), data: fields(row) };
}

/** Each conversation (or ticket) of a page followed by its messages, messages read per conversation. */
async function* conversationsWithMessages(
  db: Sql,
  workspaceId: string,
  where: string,
  params: readonly unknown[],
  kind: 'conversation' | 'ticket',
): AsyncGenerator<ExportRecord[]> {
  for await (const page of pages(db, 'conversations', workspaceId, where, params)) {
    for (const c of page) {
      const out: ExportRecord[] = [record(kind, c, (c.contact_id as string | null) ?? null, c.created_at)];
      for await (const messages of pages(
        db,
        'conversation_messages',
        workspaceId,
        'and conversation_id = $3',
        [c.id],
      )) {
        for (const m of messages) out.push(record('message', m, c.id, m.created_at));
        if (out.length >= EXPORT_PAGE_SIZE) yield out.splice(0);
      }
      yield out;
    }
  }
}

/**
 * The records of an export, in pages: contacts (with their custom attributes), conversations with their
 * messages, tickets with their messages, or everything held about one contact (the contact, its events,
 * conversations and tickets with messages, experience sessions, seen markers and survey answers, also those of
 * their widget visitor sessions).
 */
export async function* exportRecords(
  db: Sql,
  workspaceId: string,
  scope: ExportScope,
  contactId: string | null,
): AsyncGenerator<ExportRecord[]> {
  if (scope === 'contacts') {
    for await (const page of pages(db, 'contacts', workspaceId, '', []))
      yield page.map((c) => record('contact', c, null, c.created_at));
    return;
  }
  if (scope === 'conversations') {
    yield* conversationsWithMessages(db, workspaceId, "and kind = 'conversation'", [], 'conversation');
    return;
  }
  if (scope === 'tickets') {
    yield* conversationsWithMessages(db, workspaceId, "and kind = 'ticket'", [], 'ticket');
    return;
  }
  if (!contactId) throw new Error('exportRecords: the contact scope needs a contact');
  for await (const page of pages(db, 'contacts', workspaceId, 'and id = $3', [contactId]))
    yield page.map((c) => record('contact', c, null, c.created_at));
  for await (const page of pages(db, 'contact_events', workspaceId, 'and contact_id = $3', [contactId]))
    yield page.map((e) => record('event', e, contactId, e.occurred_at));
  yield* conversationsWithMessages(
    db,
    workspaceId,
    `and ${PERSON} and kind = 'conversation'`,
    [contactId],
    'conversation',
  );
  yield* conversationsWithMessages(
    db,
    workspaceId,
    `and ${PERSON} and kind = 'ticket'`,
    [contactId],
    'ticket',
  );
  for await (const page of pages(db, 'experience_sessions', workspaceId, `and ${PERSON}`, [contactId]))
    yield page.map((s) => record('experience_session', s, contactId, s.started_at));
  for await (const page of pages(db, 'experience_seen', workspaceId, `and ${PERSON}`, [contactId]))
    yield page.map((s) => record('experience_seen', s, contactId, s.seen_at));
  for await (const page of pages(db, 'experience_survey_answers', workspaceId, `and ${PERSON}`, [contactId]))
    yield page.map((a) => record('survey_answer', a, contactId, a.answered_at));
}

/** How many top-level rows an export will read (its progress total). */
export async function countExportRows(
  db: Sql,
  workspaceId: string,
  scope: ExportScope,
  contactId: string | null,
): Promise<number> {
  const q = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ n: number }>(sql, params))[0]?.n ?? 0);
  if (scope === 'contacts')
    return q('select count(*)::float8 as n from contacts where workspace_id = $1', [workspaceId]);
  if (scope === 'conversations' || scope === 'tickets')
    return q('select count(*)::float8 as n from conversations where workspace_id = $1 and kind = $2', [
      workspaceId,
      scope === 'tickets' ? 'ticket' : 'conversation',
    ]);
  return q(
    `select ((select count(*) from contact_events where workspace_id = $1 and contact_id = $2)
      + (select count(*) from conversations where workspace_id = $1 and contact_id = $2) + 1)::float8 as n`,
    [workspaceId, contactId],
  );
}
