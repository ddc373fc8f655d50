import type { Sql } from '../db/db';
import { newId } from '../lib/ulid';

/** The EICAR anti-virus test string (runtime/testing/clamd-peer.ts flags it wherever it appears). */
export const EICAR_STRING = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A 1x1 transparent PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A small, valid one-page PDF. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A PDF by its header that carries the EICAR string: a type the widget accepts, which the scanner flags. */
export const EICAR_PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n', 'latin1'),
  Buffer.from(EICAR_STRING, 'latin1'),
]);

/** A conversation of one widget visitor (and contact), as a visitor's start writes it. */
export async function insertVisitorConversation(
  db: Sql,
  workspaceId: string,
  owner: { visitorId: string; contactId?: string | null },
  at = new Date(),
): Promise<string> {
  const id = newId(at);
  await db.query(
    `insert into conversations (workspace_id, id, contact_id, widget_visitor_id, channel, state, kind, created_at, updated_at)
     values ($1, $2, $3, $4, 'widget', 'open', 'conversation', $5, $5)`,
    [workspaceId, id, owner.contactId ?? null, owner.visitorId, at],
  );
  return id;
}
