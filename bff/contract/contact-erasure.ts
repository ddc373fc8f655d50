import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../openapi/schemas';
import { json, ulidParam } from './common';
import { idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';

/** Erasing a contact and everything held about them (portal, settings.manage). docs/decisions/data-exports.md. */

const Count = z.number().int();

export const ContactErasureSchema = z
  .object({
    events: Count,
    conversations: Count,
    experience_sessions: Count,
    experience_seen: Count,
    survey_answers: Count,
    article_feedback: Count,
    widget_visitors: Count,
    page_facts: Count,
    data_exports: Count,
    files: Count,
  })
  .openapi('ContactErasure', { description: 'How many rows (and stored files) of each kind were erased.' });

export const eraseContact = createRoute({
  operationId: 'eraseContact',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/contacts/{contactId}/erase',
  tags: ['Portal: data exports'],
  summary: 'Erase a contact and everything held about them',
  description:
    'The deletion request of the retention rule (spec section 8): the contact, their events, their ' +
    'conversations and tickets with messages and attachments (also those of their widget sessions), their ' +
    'experience ledger (sessions, seen markers, survey answers), article votes, widget sessions and ' +
    'one-contact exports, in one transaction; files are deleted after it. Not reversible. Audited as ' +
    '`contact.erased` with the contact id and the counts only. Repeating it answers 404.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ contactId: ulidParam('contactId') }),
    headers: idempotencyHeaders(),
  },
  responses: {
    200: {
      description: 'Erased.',
      content: json(z.object({ data: ContactErasureSchema }).openapi('ContactErasureAnswer'), {
        data: {
          events: 12,
          conversations: 2,
          experience_sessions: 1,
          experience_seen: 0,
          survey_answers: 1,
          article_feedback: 0,
          widget_visitors: 1,
          page_facts: 0,
          data_exports: 0,
          files: 1,
        },
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});
