import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { validateAttributePatch } from '../../../server-core/contacts/attribute-rules';
import { contactJson } from '../../../server-core/contacts/contact';
import { getContact, listContacts } from '../../../server-core/contacts/read-contacts';
import { updateContact } from '../../../server-core/contacts/update-contact';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { contactLedger } from '../../../server-core/experiences/read-experiences';
import { DomainError } from '../../../server-core/lib/errors';
import type { AppEnv } from '../../env';
import { cursorPosition, pageOf, pageQuery, toPageBody } from '../../openapi/lists';
import { Contact, LedgerEntry, withIsoDates } from '../../openapi/resources';
import { DateTime, errorResponses, IdempotencyKeyHeader, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { publicCtx } from './public-ctx';

const TAG = 'Contacts';
const security = [{ apiKey: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const contactParams = z.object({ contactId: ulidParam('contactId') });
const nullableText = (max: number) => z.string().max(max).nullable().optional();
const Attributes = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .optional()
  .openapi({ description: 'At most 30 keys; values string (<= 1000 characters), number, boolean, or null.' });

/** The email is the contact's key: a PATCH naming it is refused before anything else. */
const refuseEmailChange = async (c: { req: { json: () => Promise<unknown> } }, next: () => Promise<void>) => {
  const body = await c.req.json().catch(() => null);
  if (body && typeof body === 'object' && 'email' in body) {
    throw new DomainError(
      'email_immutable',
      422,
      "A contact's email cannot change; upsert with POST /api/v1/contacts instead.",
      {
        field: 'email',
      },
    );
  }
  await next();
};

export function registerContactRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = publicApi(services, { abilities: ['contacts:read'] });
  const write = publicApi(services, { abilities: ['contacts:write'] });

  app.openapi(
    createRoute({
      operationId: 'listContacts',
      method: 'get',
      path: '/api/v1/contacts',
      tags: [TAG],
      summary: 'List contacts',
      description: 'Newest first. Ability `contacts:read`.',
      security,
      middleware: read,
      request: {
        query: z.object({
          ...pageQuery(),
          email: z.string().max(320).optional().openapi({ description: 'Exact match, case-insensitive.' }),
          updated_since: DateTime.optional().openapi({ description: 'Contacts seen at or after this time.' }),
        }),
      },
      responses: {
        200: { description: 'A page of contacts.', content: json(pageOf(Contact)) },
        ...errorResponses(401, 403, 404, 422, 429),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const rows = await listContacts(publicCtx(c, services), {
        email: q.email,
        seenSince: q.updated_since ? new Date(q.updated_since) : undefined,
        beforeId: cursorPosition(q.cursor),
        limit: q.limit,
      });
      const page = toPageBody(rows, q.limit);
      return c.json({ meta: page.meta, data: page.data.map(contactJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'upsertContact',
      method: 'post',
      path: '/api/v1/contacts',
      tags: [TAG],
      summary: 'Create or update a contact by email',
      description:
        'Matches by email, case-insensitively: 201 when created, 200 when updated. Blank values (null, empty) never ' +
        "overwrite stored ones. 422 contact_limit_reached at the plan's ceiling. 409 external_id_taken when another " +
        'contact holds the external_id. A creation sends contact.created. Ability `contacts:write`.',
      security,
      middleware: write,
      request: {
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: {
          required: true,
          content: json(
            z
              .object({
                email: z.email().max(320),
                name: nullableText(200),
                phone: nullableText(50),
                external_id: nullableText(200),
                attributes: Attributes,
              })
              .openapi('UpsertContactRequest'),
          ),
        },
      },
      responses: {
        200: { description: 'Updated.', content: json(z.object({ data: Contact })) },
        201: { description: 'Created.', content: json(z.object({ data: Contact })) },
        ...errorResponses(401, 403, 404, 409, 415, 422, 429),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { contact, created } = await upsertContact(publicCtx(c, services), {
        email: body.email,
        name: body.name,
        phone: body.phone,
        externalId: body.external_id,
        attributes: body.attributes === undefined ? undefined : validateAttributePatch(body.attributes),
        blankAttributes: 'ignore',
      });
      return created
        ? c.json({ data: contactJson(contact) }, 201)
        : c.json({ data: contactJson(contact) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'getContact',
      method: 'get',
      path: '/api/v1/contacts/{contactId}',
      tags: [TAG],
      summary: 'Get a contact',
      description: 'Ability `contacts:read`.',
      security,
      middleware: read,
      request: { params: contactParams },
      responses: {
        200: { description: 'The contact.', content: json(z.object({ data: Contact })) },
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const contact = await getContact(publicCtx(c, services), c.req.valid('param').contactId.toLowerCase());
      return c.json({ data: contactJson(contact) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'updateContact',
      method: 'patch',
      path: '/api/v1/contacts/{contactId}',
      tags: [TAG],
      summary: 'Update a contact',
      description:
        'Omitted fields are left alone; null clears a field; attributes merge (null clears a key). The email cannot ' +
        'change (422 email_immutable): upsert with POST instead. Ability `contacts:write`.',
      security,
      middleware: [...write, refuseEmailChange],
      request: {
        params: contactParams,
        body: {
          required: true,
          content: json(
            z
              .object({
                name: nullableText(200),
                phone: nullableText(50),
                external_id: nullableText(200),
                attributes: Attributes,
              })
              .strict()
              .openapi('UpdateContactRequest'),
          ),
        },
      },
      responses: {
        200: { description: 'Updated.', content: json(z.object({ data: Contact })) },
        ...errorResponses(401, 403, 404, 409, 415, 422, 429),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const contact = await updateContact(
        publicCtx(c, services),
        c.req.valid('param').contactId.toLowerCase(),
        {
          name: body.name,
          phone: body.phone,
          externalId: body.external_id,
          attributes: body.attributes === undefined ? undefined : validateAttributePatch(body.attributes),
        },
      );
      return c.json({ data: contactJson(contact) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'listContactExperiences',
      method: 'get',
      path: '/api/v1/contacts/{contactId}/experiences',
      tags: [TAG, 'Experiences'],
      summary: "A contact's experience ledger",
      description:
        'One entry per experience the contact met; state by precedence active > completed > dismissed > seen. ' +
        'Abilities `contacts:read` and `experiences:read`; dark while feature.experiences.core is off.',
      security,
      middleware: publicApi(services, {
        abilities: ['contacts:read', 'experiences:read'],
        flags: ['feature.experiences.core'],
      }),
      request: { params: contactParams },
      responses: {
        200: { description: 'The ledger.', content: json(z.object({ data: z.array(LedgerEntry) })) },
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const rows = await contactLedger(publicCtx(c, services), c.req.valid('param').contactId.toLowerCase());
      const dates = ['started_at', 'ended_at', 'seen_at', 'dismissed_at'] as const;
      return c.json(
        { data: rows.map((r) => withIsoDates(r, [...dates]) as z.infer<typeof LedgerEntry>) },
        200,
      );
    },
  );
}
