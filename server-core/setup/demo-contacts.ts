import type { AttributePatch } from '../contacts/attribute-rules';
import { upsertContact } from '../contacts/upsert-contact';
import type { Ctx } from '../context';
import { appendMessage, createConversation, resolveConversation } from '../conversations/write-conversations';
import { ingestContactEvents } from '../events/ingest-contact-events';
import { createExperience } from '../experiences/create-experience';
import {
  DEFINITION_LIMITS,
  defaultTargeting,
  type ProgramContent,
  type Targeting,
  type TourContent,
  type TourStep,
} from '../experiences/definition';
import { moveProgramItem } from '../experiences/move-program-item';
import { openSession } from '../experiences/open-session';
import { publishExperience } from '../experiences/publish-experience';
import { updateSession } from '../experiences/update-session';
import { recordSeen } from '../experiences/write-experiences';

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

  await seedDemoExperiences(ctx, { ada, grace, alan });
}

/**
 * The pages of Acme's own app (app.acme.test), where the seeded welcome tour and getting-started program
 * live: never the demo store at /demo, which has its own tour and program (demo-experiences.ts).
 */
export const acmeAppPages = (): Targeting['pages'] => ({
  include: [{ match: 'prefix', value: 'https://app.acme.test/' }],
  exclude: [],
});

/** A tour step without an id (the save assigns one). */
const step = (title: string, body: string, selector: string | null): Omit<TourStep, 'id'> => ({
  title,
  body,
  target: selector ? { selector } : null,
  placement: 'auto',
  page: null,
  advance: 'next',
  wait_ms: DEFINITION_LIMITS.defaultWaitMs,
});

/** A tour (one person finished it, one is on it), a program using it, a banner seen, a survey draft. */
async function seedDemoExperiences(ctx: Ctx, people: Record<'ada' | 'grace' | 'alan', { id: string }>) {
  const tour = await createExperience(ctx, {
    type: 'tour',
    name: 'Welcome tour',
    slug: 'welcome-tour',
    draft: {
      targeting: { ...defaultTargeting(), pages: acmeAppPages() },
      frequency: { kind: 'once' },
      content: {
        steps: [
          step('Welcome', 'A quick look around.', null),
          step('Create a project', 'Projects hold your work.', '#new-project'),
          step('Invite your team', 'Work together.', '#invite'),
        ],
        feedback: { enabled: true, question: 'How was this tour?' },
      },
    },
  });
  const live = await publishExperience(ctx, tour.id);
  const versionId = live.live_version_id!;
  const steps = (live.draft.content as TourContent).steps;
  const ada = { visitorId: null, contactId: people.ada.id };
  const { session } = await openSession(ctx, ada, {
    versionId,
    url: 'https://app.acme.test/',
    trigger: 'auto',
  });
  await updateSession(ctx, ada, { versionId, sessionId: session.id, stepId: steps[2]!.id });
  await updateSession(ctx, ada, {
    versionId,
    sessionId: session.id,
    end: 'completed',
    feedback: { rating: 5 },
  });
  await openSession(
    ctx,
    { visitorId: null, contactId: people.grace.id },
    { versionId, url: 'https://app.acme.test/projects', trigger: 'start' },
  );

  const program = await createExperience(ctx, {
    type: 'program',
    name: 'Getting started',
    slug: 'getting-started',
    draft: {
      targeting: { ...defaultTargeting(), pages: acmeAppPages() },
      frequency: null,
      content: {
        sections: [
          {
            title: 'Set up',
            items: [
              { title: 'Take the welcome tour', description: '', kind: 'tour', tour_id: tour.id },
              { title: 'Export an invoice', description: '', kind: 'url', url: '/billing/invoices' },
            ],
          },
        ],
      },
    },
  });
  const liveProgram = await publishExperience(ctx, program.id);
  const [first] = (liveProgram.draft.content as ProgramContent).sections[0]!.items;
  const opened = await openSession(ctx, ada, { versionId: liveProgram.live_version_id!, trigger: 'auto' });
  await moveProgramItem(ctx, ada, {
    versionId: liveProgram.live_version_id!,
    sessionId: opened.session.id,
    itemId: first!.id,
    state: 'done',
  });

  const banner = await createExperience(ctx, {
    type: 'banner',
    name: 'Spring release',
    slug: 'spring-release',
    draft: {
      targeting: { ...defaultTargeting(), pages: acmeAppPages() },
      frequency: { kind: 'once' },
      content: {
        message: 'New: invoice exports',
        button: { label: 'See how', url: '/billing/invoices', action: null },
        placement: 'top',
        target: null,
        sticky: false,
        dismissible: true,
      },
    },
  });
  await publishExperience(ctx, banner.id);
  await recordSeen(ctx, {
    experienceId: banner.id,
    contactId: people.alan.id,
    lastUrl: 'https://app.acme.test/billing',
  });
  await createExperience(ctx, { type: 'survey', name: 'NPS (draft)', slug: 'nps' });
}
