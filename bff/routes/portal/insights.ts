import type { OpenAPIHono } from '@hono/zod-openapi';
import { getContact } from '../../../server-core/contacts/read-contacts';
import { searchContacts } from '../../../server-core/contacts/search-contacts';
import { listContactEvents } from '../../../server-core/events/list-contact-events';
import { listExperienceStats } from '../../../server-core/experiences/experience-stats';
import { listAnswers } from '../../../server-core/experiences/list-answers';
import { contactLedger, listProgress } from '../../../server-core/experiences/read-experiences';
import { contactJson } from '../../contract/contacts';
import { contactEventJson } from '../../contract/events';
import { answerRowJson } from '../../contract/experience-answers';
import { ledgerEntryJson, progressRowJson } from '../../contract/experiences';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import * as insights from '../../contract/portal-insights';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** The console's reads of contacts and of how experiences do (bff/contract/portal-insights.ts). */
export function registerPortalInsightRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = portalApi(services, { permission: 'workspace.read' });
  const timeline = portalApi(services, {
    permission: 'workspace.read',
    flags: ['feature.contacts.event_tracking'],
  });
  const ledger = portalApi(services, { permission: 'workspace.read', flags: ['feature.experiences.core'] });
  const experiences = portalApi(services, {
    permission: 'experiences.manage',
    flags: ['feature.experiences.core'],
  });
  const contactOf = (c: { req: { valid(t: 'param'): { contactId: string } } }) =>
    c.req.valid('param').contactId.toLowerCase();
  const experienceOf = (c: { req: { valid(t: 'param'): { experienceId: string } } }) =>
    c.req.valid('param').experienceId.toLowerCase();

  app.openapi({ ...insights.listWorkspaceContacts, middleware: read }, async (c) => {
    const q = c.req.valid('query');
    const rows = await searchContacts(requestCtx(c, services), {
      q: q.q,
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(contactJson) }, 200);
  });

  app.openapi({ ...insights.getWorkspaceContact, middleware: read }, async (c) => {
    const contact = await getContact(requestCtx(c, services), contactOf(c));
    return c.json({ data: contactJson(contact) }, 200);
  });

  app.openapi({ ...insights.listWorkspaceContactEvents, middleware: timeline }, async (c) => {
    const { limit, cursor, name } = c.req.valid('query');
    const rows = await listContactEvents(requestCtx(c, services), contactOf(c), {
      name,
      beforeId: cursorPosition(cursor),
      limit,
    });
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(contactEventJson) }, 200);
  });

  app.openapi({ ...insights.listWorkspaceContactExperiences, middleware: ledger }, async (c) => {
    const rows = await contactLedger(requestCtx(c, services), contactOf(c));
    return c.json({ data: rows.map(ledgerEntryJson) }, 200);
  });

  app.openapi({ ...insights.listWorkspaceExperienceProgress, middleware: experiences }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listProgress(requestCtx(c, services), experienceOf(c), {
      state: q.state,
      contactId: q.contact_id?.toLowerCase(),
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit, { dataFirst: true });
    return c.json({ data: page.data.map(progressRowJson), meta: page.meta }, 200);
  });

  app.openapi({ ...insights.listWorkspaceExperienceAnswers, middleware: experiences }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listAnswers(requestCtx(c, services), experienceOf(c), {
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit, { dataFirst: true });
    return c.json({ data: page.data.map(answerRowJson), meta: page.meta }, 200);
  });

  app.openapi({ ...insights.listWorkspaceExperienceStats, middleware: experiences }, async (c) => {
    const rows = await listExperienceStats(requestCtx(c, services));
    return c.json({ data: rows.map(insights.experienceStatsJson) }, 200);
  });
}
