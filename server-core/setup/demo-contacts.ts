import type { AttributePatch } from '../contacts/attribute-rules';
import { upsertContact } from '../contacts/upsert-contact';
import type { Ctx } from '../context';
import { appendMessage, createConversation, resolveConversation } from '../conversations/write-conversations';
import { ingestContactEvents } from '../events/ingest-contact-events';
import {
  createExperience,
  openSession,
  publishExperience,
  recordSeen,
  updateSession,
} from '../experiences/write-experiences';

const PEOPLE: { email: string; name: string; externalId: string | null; attributes: AttributePatch }[] = [
  {
    email: 'ada@acme-customer.test',
    name: 'Ada Lovelace',
    externalId: 'crm-1001',
    attributes: { plan: 'pro', seats: 12 },
  },
  {
    email: 'grace@acme-customer.test',
    name: 'Grace Hopper',
    externalId: 'crm-1002',
    attributes: { plan: 'starter', seats: 3 },
  },
  {
    email: 'alan@acme-customer.test',
    name: 'Alan Turing',
    externalId: 'crm-1003',
    attributes: { plan: 'pro', trial: true },
  },
  {
    email: 'katherine@acme-customer.test',
    name: 'Katherine Johnson',
    externalId: null,
    attributes: { plan: 'enterprise' },
  },
];

/** Contacts, events, conversations and experiences in the demo workspace, written through server-core. */
export async function seedDemoContacts(ctx: Ctx): Promise<void> {
  const contacts = [];
  for (const p of PEOPLE) {
    contacts.push(
      (
        await upsertContact(ctx, {
          email: p.email,
          name: p.name,
          externalId: p.externalId,
          attributes: p.attributes,
        })
      ).contact,
    );
  }
  const [ada, grace, alan] = contacts as [(typeof contacts)[0], (typeof contacts)[0], (typeof contacts)[0]];
  await ingestContactEvents(ctx, [
    { name: 'signed_up', contact_id: ada.id },
    { name: 'invited_teammate', contact_id: ada.id, properties: { count: 4 } },
    { name: 'signed_up', external_id: 'crm-1002' },
    { name: 'upgraded', email: alan.email, properties: { from: 'starter', to: 'pro' } },
  ]);

  const chat = await createConversation(ctx, {
    contactId: ada.id,
    channel: 'widget',
    subject: 'Exporting invoices',
  });
  await appendMessage(ctx, {
    conversationId: chat.id,
    direction: 'in',
    authorType: 'contact',
    body: 'How do I export last month’s invoices?',
  });
  await appendMessage(ctx, {
    conversationId: chat.id,
    direction: 'note',
    authorType: 'agent',
    body: 'Pro customer, 12 seats.',
  });
  await appendMessage(ctx, {
    conversationId: chat.id,
    direction: 'out',
    authorType: 'agent',
    body: 'Billing → Invoices → Export, then pick the month.',
  });
  await resolveConversation(ctx, chat.id);
  const ticket = await createConversation(ctx, {
    contactId: grace.id,
    channel: 'email',
    kind: 'ticket',
    subject: 'SSO setup',
    priority: 'high',
  });
  await appendMessage(ctx, {
    conversationId: ticket.id,
    direction: 'in',
    authorType: 'contact',
    body: 'Our SAML sign-in fails with an audience error.',
  });

  const tour = await createExperience(ctx, { type: 'tour', name: 'Welcome tour', slug: 'welcome-tour' });
  await publishExperience(ctx, tour.id, {
    steps: [{ cvid: 'welcome' }, { cvid: 'create-project' }, { cvid: 'invite' }],
  });
  const session = await openSession(ctx, {
    experienceId: tour.id,
    contactId: ada.id,
    lastUrl: 'https://app.acme.test/',
  });
  await updateSession(ctx, session, { stepCvid: 'invite', progress: 1 });
  await updateSession(ctx, session, { end: 'completed' });
  await openSession(ctx, {
    experienceId: tour.id,
    contactId: grace.id,
    lastUrl: 'https://app.acme.test/projects',
  });
  const banner = await createExperience(ctx, {
    type: 'banner',
    name: 'Spring release',
    slug: 'spring-release',
  });
  await publishExperience(ctx, banner.id, { message: 'New: invoice exports' });
  await recordSeen(ctx, {
    experienceId: banner.id,
    contactId: alan.id,
    lastUrl: 'https://app.acme.test/billing',
  });
  await createExperience(ctx, { type: 'survey', name: 'NPS (draft)', slug: 'nps' });
}
