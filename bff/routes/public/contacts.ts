import type { OpenAPIHono } from '@hono/zod-openapi';
import { getContact, listContacts } from '../../../server-core/contacts/read-contacts';
import { updateContact } from '../../../server-core/contacts/update-contact';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { contactLedger } from '../../../server-core/experiences/read-experiences';
import { DomainError } from '../../../server-core/lib/errors';
import * as contacts from '../../contract/contacts';
import { ledgerEntryJson } from '../../contract/experiences';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** The email is the contact's key: a PATCH naming it is refused before anything else. */
const refuseEmailChange = async (c: { req: { json: () => Promise<unknown> } }, next: () => Promise<void>) => {
  const body = await c.req.json().catch(() => null);
  if (body && typeof body === 'object' && 'email' in body) {
    throw new DomainError('email_immutable', { field: 'email' });
  }
  await next();
};

export function registerContactRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = publicApi(services, { abilities: ['contacts:read'] });
  const write = publicApi(services, { abilities: ['contacts:write'] });

  app.openapi({ ...contacts.listContacts, middleware: read }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listContacts(requestCtx(c, services), {
      email: q.email,
      seenSince: q.updated_since ? new Date(q.updated_since) : undefined,
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(contacts.contactJson) }, 200);
  });

  app.openapi({ ...contacts.upsertContact, middleware: write }, async (c) => {
    const body = c.req.valid('json');
    const { contact, created } = await upsertContact(requestCtx(c, services), {
      email: body.email,
      name: body.name,
      phone: body.phone,
      externalId: body.external_id,
      attributes: body.attributes,
      blankAttributes: 'ignore',
    });
    return created
      ? c.json({ data: contacts.contactJson(contact) }, 201)
      : c.json({ data: contacts.contactJson(contact) }, 200);
  });

  app.openapi({ ...contacts.getContact, middleware: read }, async (c) => {
    const contact = await getContact(requestCtx(c, services), c.req.valid('param').contactId.toLowerCase());
    return c.json({ data: contacts.contactJson(contact) }, 200);
  });

  app.openapi({ ...contacts.updateContact, middleware: [...write, refuseEmailChange] }, async (c) => {
    const body = c.req.valid('json');
    const contact = await updateContact(
      requestCtx(c, services),
      c.req.valid('param').contactId.toLowerCase(),
      {
        name: body.name,
        phone: body.phone,
        externalId: body.external_id,
        attributes: body.attributes,
      },
    );
    return c.json({ data: contacts.contactJson(contact) }, 200);
  });

  const ledger = publicApi(services, {
    abilities: ['contacts:read', 'experiences:read'],
    flags: ['feature.experiences.core'],
  });
  app.openapi({ ...contacts.listContactExperiences, middleware: ledger }, async (c) => {
    const rows = await contactLedger(requestCtx(c, services), c.req.valid('param').contactId.toLowerCase());
    return c.json({ data: rows.map(ledgerEntryJson) }, 200);
  });
}
