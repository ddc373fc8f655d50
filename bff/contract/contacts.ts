import { createRoute, z } from '@hono/zod-openapi';
import type { Contact as ContactRecord } from '../../server-core/contacts/contact';
import { encodeCursor } from '../../server-core/lib/cursor';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_DEMO, EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { exampleLedgerEntry, LedgerEntry } from './experiences';
import { API_KEY, idempotencyHeaders } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { ruleError, strictObject } from './strict-input';

/** Contacts: people a workspace knows, keyed by email (spec section 2, Contact). */

const TAG = 'Contacts';
const Scalar = z.union([z.string(), z.number(), z.boolean()]);

export const Contact = z
  .object({
    id: Ulid,
    email: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    external_id: z
      .string()
      .nullable()
      .openapi({ description: "The caller's own id for the person; unique per workspace." }),
    verified: z.boolean(),
    attributes: z
      .record(z.string(), Scalar)
      .openapi({ description: 'Custom scalar attributes, at most 30 keys.' }),
    unsubscribed: z.boolean(),
    last_seen_at: DateTime,
    created_at: DateTime,
  })
  .openapi('Contact');

export const exampleContact: z.output<typeof Contact> = {
  id: EXAMPLE_ID.contactId,
  email: EXAMPLE_DEMO.contactEmail,
  name: EXAMPLE_DEMO.contactName,
  phone: null,
  external_id: 'crm-1001',
  verified: false,
  attributes: { plan: 'pro', seats: 12 },
  unsubscribed: false,
  last_seen_at: EXAMPLE_LATER,
  created_at: EXAMPLE_TIME,
};

/** The contact the upsert example creates. */
const upsertedContact: z.output<typeof Contact> = {
  ...exampleContact,
  email: 'mary@acme-customer.test',
  name: 'Mary Jackson',
  phone: '+1 555 0100',
  external_id: 'crm-1042',
  attributes: { plan: 'starter', seats: 3 },
  last_seen_at: EXAMPLE_TIME,
};

export function contactJson(c: ContactRecord) {
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    phone: c.phone,
    external_id: c.external_id,
    verified: c.verified,
    attributes: c.attributes,
    unsubscribed: c.unsubscribed,
    last_seen_at: c.last_seen_at.toISOString(),
    created_at: c.created_at.toISOString(),
  };
}

const contactParams = z.object({ contactId: ulidParam('contactId') });
const nullableText = (max: number) => z.string().max(max).nullable().optional();
/**
 * Free-form: any key (the attribute rules themselves, keys, values, 30 keys, are server-core's:
 * contacts/attribute-rules.ts); a value that is not a scalar names its rule.
 */
const Attributes = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()], ruleError('scalar_value')))
  .optional()
  .openapi({ description: 'At most 30 keys; values string (<= 1000 characters), number, boolean, or null.' });
const ContactResponse = z.object({ data: Contact });

export const listContacts = createRoute({
  operationId: 'listContacts',
  method: 'get',
  path: '/api/v1/contacts',
  tags: [TAG],
  summary: 'List contacts',
  description: 'Newest first. Ability `contacts:read`.',
  security: API_KEY,
  request: {
    query: strictObject({
      ...pageQuery(),
      email: z.string().max(320).optional().openapi({ description: 'Exact match, case-insensitive.' }),
      limit: pageQuery().limit.openapi({ param: { example: 1 } }),
      updated_since: DateTime.optional().openapi({ description: 'Contacts seen at or after this time.' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of contacts.',
      content: json(pageOf(Contact), {
        meta: { next_cursor: encodeCursor(EXAMPLE_ID.contactId) },
        data: [exampleContact],
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const upsertContact = createRoute({
  operationId: 'upsertContact',
  method: 'post',
  path: '/api/v1/contacts',
  tags: [TAG],
  summary: 'Create or update a contact by email',
  description:
    'Matches by email, case-insensitively: 201 when created, 200 when updated. Blank values (null, empty) never ' +
    "overwrite stored ones. 422 contact_limit_reached at the plan's ceiling. 409 external_id_taken when another " +
    'contact holds the external_id. A creation sends contact.created. Ability `contacts:write`.',
  security: API_KEY,
  request: {
    headers: idempotencyHeaders(),
    body: jsonBody(
      strictObject({
        email: z.email().max(320),
        name: nullableText(200),
        phone: nullableText(50),
        external_id: nullableText(200),
        attributes: Attributes,
      }).openapi('UpsertContactRequest'),
      {
        email: upsertedContact.email,
        name: upsertedContact.name,
        phone: upsertedContact.phone,
        external_id: upsertedContact.external_id,
        attributes: upsertedContact.attributes,
      },
    ),
  },
  responses: {
    200: {
      description: 'Updated.',
      content: json(ContactResponse, { data: { ...upsertedContact, last_seen_at: EXAMPLE_LATER } }),
    },
    201: { description: 'Created.', content: json(ContactResponse, { data: upsertedContact }) },
    ...errorResponses(401, 403, 404, 409, 415, 422, 429),
  },
});

export const getContact = createRoute({
  operationId: 'getContact',
  method: 'get',
  path: '/api/v1/contacts/{contactId}',
  tags: [TAG],
  summary: 'Get a contact',
  description: 'Ability `contacts:read`.',
  security: API_KEY,
  request: { params: contactParams },
  responses: {
    200: { description: 'The contact.', content: json(ContactResponse, { data: exampleContact }) },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const updateContact = createRoute({
  operationId: 'updateContact',
  method: 'patch',
  path: '/api/v1/contacts/{contactId}',
  tags: [TAG],
  summary: 'Update a contact',
  description:
    'Omitted fields are left alone; null clears a field; attributes merge (null clears a key). The email cannot ' +
    'change (422 email_immutable): upsert with POST instead. Ability `contacts:write`.',
  security: API_KEY,
  request: {
    params: contactParams,
    body: jsonBody(
      strictObject({
        name: nullableText(200),
        phone: nullableText(50),
        external_id: nullableText(200),
        attributes: Attributes,
      }).openapi('UpdateContactRequest'),
      { phone: '+44 20 7946 0000', attributes: { seats: 15, trial: null } },
    ),
  },
  responses: {
    200: {
      description: 'Updated.',
      content: json(ContactResponse, {
        data: { ...exampleContact, phone: '+44 20 7946 0000', attributes: { plan: 'pro', seats: 15 } },
      }),
    },
    ...errorResponses(401, 403, 404, 409, 415, 422, 429),
  },
});

export const listContactExperiences = createRoute({
  operationId: 'listContactExperiences',
  method: 'get',
  path: '/api/v1/contacts/{contactId}/experiences',
  tags: [TAG, 'Experiences'],
  summary: "A contact's experience ledger",
  description:
    'One entry per experience the contact met; state by precedence active > completed > dismissed > seen. ' +
    'Abilities `contacts:read` and `experiences:read`; dark while feature.experiences.core is off.',
  security: API_KEY,
  request: { params: contactParams },
  responses: {
    200: {
      description: 'The ledger.',
      content: json(z.object({ data: z.array(LedgerEntry) }), { data: [exampleLedgerEntry] }),
    },
    ...errorResponses(401, 403, 404, 429),
  },
});
