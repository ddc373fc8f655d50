import { createRoute, z } from '@hono/zod-openapi';
import { INBOUND_MAIL_MAX_BYTES } from '../../server-core/mail/receive-inbound-mail';
import { errorResponses } from '../openapi/schemas';
import { json } from './common';
import { EXAMPLE_ID, EXAMPLE_SECRET } from './examples';

/** The inbound mail hooks (spec 4.7; docs/decisions/mail.md#inbound-mail). */

const TAG = 'Mail';

/** Sent by the inbound-mail provider: the shared secret INBOUND_MAIL_SECRET. */
export const INBOUND_MAIL_SECRET = [{ inboundMailSecret: [] }];

const MB = INBOUND_MAIL_MAX_BYTES / 1024 / 1024;

const EXAMPLE_MAIL = [
  'From: Ada Lovelace <ada@example.org>',
  `To: ${EXAMPLE_SECRET.inboundToken}@in.example.com`,
  'Subject: My invoice is missing',
  'Message-ID: <a1b2c3@example.org>',
  'Date: Tue, 03 Nov 2026 10:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hello, I cannot find the invoice for October.',
  '',
].join('\r\n');

const RawMail = z.string().openapi({
  type: 'string',
  format: 'binary',
  description: `The mail as received (RFC 5322, raw MIME), at most ${MB} MiB.`,
});

const body = {
  required: true,
  content: { 'message/rfc822': { schema: RawMail, example: EXAMPLE_MAIL } },
} as const;

const InboundEmailResult = z
  .object({
    data: z.object({
      conversation_id: z.string(),
      message_id: z.string(),
      created: z.boolean().openapi({ description: 'True when the mail opened a new conversation.' }),
      attachments: z.number().int().openapi({ description: 'Attachments kept (scanning).' }),
      duplicate: z.boolean().openapi({
        description:
          'True when a mail with this Message-ID was delivered into the workspace before (a provider retry): ' +
          'the answer is that first delivery and nothing was written.',
      }),
    }),
  })
  .openapi('InboundEmailResponse');

const responses = {
  200: {
    description: 'Delivered into a conversation.',
    content: json(InboundEmailResult, {
      data: {
        conversation_id: EXAMPLE_ID.conversationId,
        message_id: EXAMPLE_ID.messageId,
        created: true,
        attachments: 0,
        duplicate: false,
      },
    }),
  },
  ...errorResponses(401, 404, 413, 415, 422, 429),
};

const DESCRIPTION =
  'Called only by the inbound-mail provider, with `Authorization: Bearer <INBOUND_MAIL_SECRET>` (compared in ' +
  'constant time) and the raw MIME of one mail as `message/rfc822`. Routed by recipient (To, Cc, ' +
  'Delivered-To, X-Original-To) at INBOUND_MAIL_DOMAIN: `<workspace inbound token>@` opens a new ' +
  'conversation (channel `email`) for the contact of the From address (created when unknown); a signed ' +
  "`reply+…@` address (the Reply-To of a staff reply) adds the mail to that conversation, from its contact's " +
  'address only. Attachments of the five conversation types are stored and scanned like widget uploads; ' +
  'others are dropped. Refusals write nothing: 401 unauthenticated (secret wrong or missing), 404 not_found ' +
  '(unknown recipient, forged reply address, a sender who is not the conversation’s contact, or inbound mail ' +
  `not configured), 413 payload_too_large above ${MB} MiB (before parsing), 415 for another Content-Type, ` +
  '422 invalid_mime.';

export const inboundEmail = createRoute({
  operationId: 'inboundEmail',
  method: 'post',
  path: '/hooks/email/inbound',
  tags: [TAG],
  summary: 'Receive one mail from the inbound-mail provider',
  description: DESCRIPTION,
  security: INBOUND_MAIL_SECRET,
  request: { body },
  responses,
});

export const inboundEmailLegacy = createRoute({
  operationId: 'inboundEmailLegacy',
  method: 'post',
  path: '/hooks/email/inbound/{token}',
  tags: [TAG],
  summary: 'Receive one mail (deprecated path naming the workspace)',
  description:
    'Deprecated (Deprecation 2026-10-09, Sunset 2027-04-12, Link rel="deprecation" on every answer): use ' +
    'inboundEmail. Same payload and shared secret; the path names the workspace by its inbound token, and ' +
    'the mail is routed inside that workspace only (a mail to none of its addresses opens a new ' +
    `conversation there). ${DESCRIPTION}`,
  deprecated: true,
  security: INBOUND_MAIL_SECRET,
  request: {
    params: z.object({
      token: z
        .string()
        .max(100)
        .openapi({
          param: { name: 'token', in: 'path', example: EXAMPLE_SECRET.inboundToken },
          description: "The workspace's inbound token.",
        }),
    }),
    body,
  },
  responses,
});
