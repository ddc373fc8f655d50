import { createHash } from 'node:crypto';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { ATTACHMENT_COLUMNS } from '../attachments/attachment';
import { sanitizeAttachmentName } from '../attachments/attachment-name';
import { ATTACHMENT_MAX_BYTES } from '../attachments/attachment-types';
import { SCAN_ATTACHMENT_JOB, SCAN_MAX_ATTEMPTS } from '../attachments/scan-attachment';
import { sniffAttachmentType } from '../attachments/sniff-attachment-type';
import { upsertContact } from '../contacts/upsert-contact';
import { type Ctx, SYSTEM_ACTOR } from '../context';
import { MAX_MESSAGE_CHARS } from '../conversations/conversation';
import { appendMessage } from '../conversations/visitor-conversation';
import { createConversation } from '../conversations/write-conversations';
import type { Sql } from '../db/db';
import { type FileStore, fileKey } from '../files/file-store';
import { enqueueJob } from '../jobs/jobs';
import type { Clock } from '../lib/clock';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { normalizeEmail } from '../members/users';
import { claimMessageId, findFirstDelivery, messageIdKey } from './inbound-mail-received';
import { parseReplyAddress, replyMacValid } from './reply-address';

/** The largest raw message inboundEmail accepts (checked before parsing): 10 MiB of attachments plus MIME. */
export const INBOUND_MAIL_MAX_BYTES = 15 * 1024 * 1024;

const INBOUND_TOKEN = /^[0-9a-f]{64}$/;

export interface InboundMailDeps {
  db: Sql;
  clock: Clock;
  /** services.keys.mailLinks: the key of the reply+ addresses. */
  key: Buffer;
  /** INBOUND_MAIL_DOMAIN, lower case. */
  domain: string;
  /** Where attachments go; null: attachments are off and a mail's files are dropped. */
  store: FileStore | null;
}

export interface InboundMailResult {
  workspace_id: string;
  conversation_id: string;
  message_id: string;
  created: boolean;
  attachments: number;
  /** True when this Message-ID was delivered into the workspace before: the first delivery, nothing written. */
  duplicate: boolean;
}

/** Thrown inside the transaction when a concurrent delivery of the same Message-ID committed first. */
class DeliveredMeanwhile extends Error {}

interface Route {
  workspaceId: string;
  /** The existing conversation a reply+ address names, else null: a new one. */
  conversationId: string | null;
}

/**
 * One inbound mail (raw MIME, parsed with mailparser) into a conversation: routed by its recipients, either
 * `<workspace inbound token>@<domain>` (a new conversation of channel `email` for the contact of the From
 * address, created when unknown) or a signed `reply+<conversation>.<mac>@<domain>` (a message of that
 * conversation, only from its contact's address). `onlyWorkspaceId` (the legacy route's path token) keeps
 * the routing inside that workspace. Refusals write nothing: invalid_mime (422), not_found (404, unknown
 * recipient, forged or foreign reply address, or a From that is not the conversation's contact).
 * Attachments of the five types go through the store and the scan job like a visitor's upload. A mail whose
 * Message-ID was delivered into the workspace before answers that first delivery and writes nothing.
 */
export async function receiveInboundMail(
  deps: InboundMailDeps,
  raw: Buffer,
  onlyWorkspaceId: string | null = null,
): Promise<InboundMailResult> {
  const mail = await parse(raw);
  const from = mail.from?.value.find((a) => a.address)?.address?.trim();
  if (!from || !/^[^@\s]+@[^@\s]+$/.test(from)) throw new DomainError('invalid_mime');
  const recipients = addresses(mail);
  if (recipients.length === 0) throw new DomainError('invalid_mime');
  const route = await routeOf(deps, recipients, onlyWorkspaceId);
  if (!route) throw notFound('recipient');

  const ctx: Ctx = { db: deps.db, clock: deps.clock, workspaceId: route.workspaceId, actor: SYSTEM_ACTOR };
  const idKey = messageIdKey(mail.messageId);
  const repeat = async () => {
    const first = idKey ? await findFirstDelivery(deps.db, route.workspaceId, idKey) : null;
    return first && { workspace_id: route.workspaceId, ...first, created: false, duplicate: true };
  };
  const before = await repeat();
  if (before) return before;
  const files = deps.store ? storable(mail, route.workspaceId, deps.clock.now()) : [];
  const body = bodyOf(mail);
  for (const f of files) await deps.store!.put(f.key, f.bytes);
  try {
    return await deps.db.tx(async (db) => {
      const inTx = { ...ctx, db };
      let conversationId = route.conversationId;
      let contactId: string;
      if (conversationId) {
        const [conv] = await db.query<{ contact_id: string | null; email_normalized: string | null }>(
          `select c.contact_id, k.email_normalized from conversations c
           left join contacts k on k.workspace_id = c.workspace_id and k.id = c.contact_id
           where c.workspace_id = $1 and c.id = $2`,
          [route.workspaceId, conversationId],
        );
        // Only the conversation's contact writes into it by mail (docs/decisions/mail.md#inbound-mail).
        if (!conv?.contact_id || conv.email_normalized !== normalizeEmail(from)) throw notFound('recipient');
        contactId = conv.contact_id;
      } else {
        const { contact } = await upsertContact(inTx, { email: from });
        contactId = contact.id;
        const subject = mail.subject?.trim().slice(0, 200) || null;
        conversationId = (await createConversation(inTx, { contactId, channel: 'email', subject })).id;
      }
      const message = await appendMessage(inTx, {
        conversationId,
        direction: 'in',
        authorType: 'contact',
        authorId: contactId,
        kind: 'text',
        body,
      });
      for (const f of files) {
        const m = await appendMessage(inTx, {
          conversationId,
          direction: 'in',
          authorType: 'contact',
          authorId: contactId,
          kind: 'attachment',
          body: f.name,
        });
        await db.query(
          `insert into conversation_attachments (workspace_id, id, conversation_id, message_id, name, type, size,
             sha256, status, storage_key, uploaded_by_type, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, 'scanning', $9, 'visitor', $10)
           returning ${ATTACHMENT_COLUMNS}`,
          [
            route.workspaceId,
            f.id,
            conversationId,
            m.id,
            f.name,
            f.type,
            f.bytes.length,
            f.sha256,
            f.key,
            deps.clock.now(),
          ],
        );
        await enqueueJob(
          db,
          {
            kind: SCAN_ATTACHMENT_JOB,
            workspaceId: route.workspaceId,
            payload: { attachment_id: f.id },
            dedupeKey: `scan-attachment:${f.id}`,
            maxAttempts: SCAN_MAX_ATTEMPTS,
          },
          deps.clock.now(),
        );
      }
      const delivery = { conversation_id: conversationId, message_id: message.id, attachments: files.length };
      if (idKey && !(await claimMessageId(db, route.workspaceId, idKey, delivery, deps.clock.now()))) {
        throw new DeliveredMeanwhile();
      }
      return {
        workspace_id: route.workspaceId,
        ...delivery,
        created: route.conversationId === null,
        duplicate: false,
      };
    });
  } catch (err) {
    for (const f of files) await deps.store!.delete(f.key).catch(() => {});
    const meanwhile = err instanceof DeliveredMeanwhile ? await repeat() : null;
    if (meanwhile) return meanwhile;
    throw err;
  }
}

async function parse(raw: Buffer): Promise<ParsedMail> {
  // mailparser reads almost anything; a message without a single header line is not a mail.
  if (!/^[\x21-\x39\x3b-\x7e]+:/.test(raw.subarray(0, 1000).toString('latin1'))) {
    throw new DomainError('invalid_mime');
  }
  try {
    return await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true });
  } catch {
    throw new DomainError('invalid_mime');
  }
}

/** Every recipient address: To, Cc, then the envelope's Delivered-To / X-Original-To a provider adds. */
function addresses(mail: ParsedMail): string[] {
  const objects = (v: AddressObject | AddressObject[] | undefined) => (v ? (Array.isArray(v) ? v : [v]) : []);
  const out: string[] = [];
  for (const o of [...objects(mail.to), ...objects(mail.cc)]) {
    for (const a of o.value) if (a.address) out.push(a.address.trim().toLowerCase());
  }
  for (const name of ['delivered-to', 'x-original-to']) {
    const v = mail.headers.get(name);
    for (const s of Array.isArray(v) ? v : [v]) {
      if (typeof s === 'string') out.push(s.trim().replace(/^<|>$/g, '').toLowerCase());
    }
  }
  return out;
}

async function routeOf(
  deps: InboundMailDeps,
  recipients: string[],
  onlyWorkspaceId: string | null,
): Promise<Route | null> {
  let forged = false;
  for (const address of recipients) {
    const at = address.lastIndexOf('@');
    if (at < 0 || address.slice(at + 1) !== deps.domain) continue;
    const local = address.slice(0, at);
    const reply = parseReplyAddress(address, deps.domain);
    if (reply) {
      const [conv] = await deps.db.query<{ workspace_id: string }>(
        'select workspace_id from conversations where id = $1',
        [reply.conversationId],
      );
      const genuine =
        conv !== undefined &&
        (!onlyWorkspaceId || conv.workspace_id === onlyWorkspaceId) &&
        replyMacValid(deps.key, conv.workspace_id, reply);
      if (!genuine) {
        forged = true;
        continue;
      }
      return { workspaceId: conv.workspace_id, conversationId: reply.conversationId };
    }
    if (!INBOUND_TOKEN.test(local)) continue;
    const workspaceId = await workspaceOfInboundToken(deps.db, local);
    if (workspaceId && (!onlyWorkspaceId || workspaceId === onlyWorkspaceId)) {
      return { workspaceId, conversationId: null };
    }
  }
  // A forged reply address is never turned into a new conversation, not even on the legacy route.
  return onlyWorkspaceId && !forged ? { workspaceId: onlyWorkspaceId, conversationId: null } : null;
}

/** The workspace whose inbound token this is, or null. */
export async function workspaceOfInboundToken(db: Sql, token: string): Promise<string | null> {
  if (!INBOUND_TOKEN.test(token)) return null;
  const [row] = await db.query<{ id: string }>('select id from workspaces where inbound_token = $1', [token]);
  return row?.id ?? null;
}

/** The text of the mail as one message body: trimmed, NUL-free, cut to the message limit. */
function bodyOf(mail: ParsedMail): string {
  const text = (mail.text ?? '')
    .replaceAll('\u0000', '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .trim();
  const body = text || mail.subject?.trim() || '(no text)';
  return body.length > MAX_MESSAGE_CHARS ? `${body.slice(0, MAX_MESSAGE_CHARS - 1)}…` : body;
}

interface StorableFile {
  id: string;
  key: string;
  name: string;
  type: string;
  bytes: Buffer;
  sha256: string;
}

/** The attachments kept: the five types by content, at most ATTACHMENT_MAX_BYTES each; others are dropped. */
function storable(mail: ParsedMail, workspaceId: string, now: Date): StorableFile[] {
  const out: StorableFile[] = [];
  for (const a of mail.attachments) {
    if (a.content.length === 0 || a.content.length > ATTACHMENT_MAX_BYTES) continue;
    const type = sniffAttachmentType(a.content);
    if (!type) continue;
    const id = newId(now);
    out.push({
      id,
      key: fileKey(workspaceId, id),
      name: sanitizeAttachmentName(a.filename ?? 'attachment', type),
      type,
      bytes: a.content,
      sha256: createHash('sha256').update(a.content).digest('hex'),
    });
  }
  return out;
}
