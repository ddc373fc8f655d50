import type { Ctx } from '../context';
import type { FileStore } from '../files/file-store';
import { notifyWidgets } from '../realtime/notify-widgets';
import { ATTACHMENT_COLUMNS, type Attachment } from './attachment';
import { ScannerUnavailableError, type ScanVerdict, type VirusScanner } from './virus-scanner';

/** The job that scans one uploaded attachment (payload { attachment_id }). */
export const SCAN_ATTACHMENT_JOB = 'attachment.scan';
/**
 * Tries before a file whose scanner is down or silent is blocked as unscannable: with the job backoff
 * (30 s, 1 min, 2 min) the last try runs about 3.5 minutes after the upload.
 */
export const SCAN_MAX_ATTEMPTS = 4;

export interface ScanOutcome {
  status: 'clean' | 'blocked' | 'unchanged';
  detail: string | null;
}

/**
 * Scans a `scanning` attachment and settles it: clean, or blocked (infected, unscannable, its file
 * missing, or the scanner still unavailable on the last attempt). A blocked file is deleted from the
 * store before the row says blocked, so a crash in between leaves a missing file, which the next try
 * blocks. An unavailable scanner on an earlier attempt throws: the job retries. Settling tells the
 * conversation's widgets (`conversation.updated`, ids only). Safe to repeat: a settled attachment is
 * left as it is.
 */
export async function scanAttachment(
  ctx: Ctx,
  deps: { store: FileStore; scanner: VirusScanner | null },
  input: { attachmentId: string; attempt: number; maxAttempts: number },
): Promise<ScanOutcome> {
  const [row] = await ctx.db.query<Attachment>(
    `select ${ATTACHMENT_COLUMNS} from conversation_attachments where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, input.attachmentId],
  );
  if (row?.status !== 'scanning' || !row.storage_key) return { status: 'unchanged', detail: null };

  let verdict: ScanVerdict;
  const body = await deps.store.get(row.storage_key);
  if (!body) verdict = { verdict: 'unscannable', detail: 'the stored file is missing' };
  else if (!deps.scanner) {
    body.destroy();
    verdict = await unavailable(input, new ScannerUnavailableError('no scanner is configured (CLAMD_URL)'));
  } else {
    try {
      verdict = await deps.scanner.scan(body);
    } catch (err) {
      verdict = await unavailable(input, err);
    } finally {
      body.destroy();
    }
  }

  const clean = verdict.verdict === 'clean';
  const detail =
    verdict.verdict === 'clean'
      ? null
      : verdict.verdict === 'infected'
        ? `infected: ${verdict.signature}`
        : verdict.detail;
  if (!clean) await deps.store.delete(row.storage_key);
  return ctx.db.tx(async (db) => {
    const [conv] = await db.query<{ contact_id: string | null; widget_visitor_id: string | null }>(
      `select contact_id, widget_visitor_id from conversations where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, row.conversation_id],
    );
    const updated = await db.query<{ id: string }>(
      `update conversation_attachments
       set status = $3, scan_detail = $4, scanned_at = $5, storage_key = case when $3 = 'blocked' then null else storage_key end
       where workspace_id = $1 and id = $2 and status = 'scanning'
       returning id`,
      [ctx.workspaceId, row.id, clean ? 'clean' : 'blocked', detail, ctx.clock.now()],
    );
    if (updated.length === 0) return { status: 'unchanged', detail: null };
    if (conv) {
      await notifyWidgets(
        db,
        { workspaceId: ctx.workspaceId, visitorId: conv.widget_visitor_id, contactId: conv.contact_id },
        { type: 'conversation.updated', conversation_id: row.conversation_id },
      );
    }
    return { status: clean ? 'clean' : 'blocked', detail };
  });
}

/** A scan that did not finish: retry (throw) while attempts remain; on the last one the file is unscannable. */
async function unavailable(
  input: { attempt: number; maxAttempts: number },
  err: unknown,
): Promise<ScanVerdict> {
  if (input.attempt < input.maxAttempts) throw err;
  const reason = err instanceof ScannerUnavailableError ? 'scanner unavailable' : 'scan failed';
  return { verdict: 'unscannable', detail: `${reason}: ${(err as Error).message}`.slice(0, 300) };
}
