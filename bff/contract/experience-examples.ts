import type { z } from '@hono/zod-openapi';
import { watchKey } from '../../server-core/experiences/decision/watch';
import type { TourStep } from '../../server-core/experiences/definition';
import { DEMO_STORE_TOUR_STEPS, demoProgramSections } from '../../server-core/setup/demo-experiences';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import type { ProgramDefinition, TourDefinition } from './experience-definitions';

/**
 * The examples of the experience operations: the demo store's tour and onboarding program
 * (server-core/setup/demo-experiences.ts), so a curl against a demo install meets what the example shows,
 * and the examples test sends them to the demo workspace.
 */

/** The store tour's steps as an answer shows them. */
export const exampleTourSteps: TourStep[] = DEMO_STORE_TOUR_STEPS.map((s) => ({
  ...s,
  target: s.target && { ...s.target },
  page: s.page && { ...s.page },
}));

const storeTargeting = (include: { match: 'exact' | 'prefix'; value: string }, priority: number) => ({
  pages: { include: [include], exclude: [] },
  audience: 'everyone' as const,
  attributes: [],
  events: [],
  elements: [],
  triggers: {},
  window: { starts_at: null, ends_at: null },
  priority,
});

/** The store tour's definition: auto-started once on /demo, three anchored steps. */
export const exampleTourDefinition: z.output<typeof TourDefinition> = {
  targeting: storeTargeting({ match: 'exact', value: '/demo' }, 10),
  frequency: { kind: 'once' },
  content: { steps: exampleTourSteps, feedback: { enabled: true, question: 'How was this tour?' } },
};

/** The same tour as an author writes it: defaults left out, readable step ids kept. */
export const exampleTourDraftRequest: z.input<typeof TourDefinition> = {
  targeting: { pages: { include: [{ match: 'exact', value: '/demo' }] }, priority: 10 },
  frequency: { kind: 'once' },
  content: {
    steps: DEMO_STORE_TOUR_STEPS.map((s) => ({
      id: s.id,
      title: s.title,
      body: s.body,
      ...(s.target ? { target: { selector: s.target.selector }, placement: s.placement } : {}),
      page: { match: 'exact', value: '/demo' },
    })),
    feedback: { enabled: true },
  },
};

/** The onboarding program's sections: an item of each kind. */
export const exampleProgramSections = demoProgramSections(EXAMPLE_ID.experienceId, EXAMPLE_ID.guideId);

export const exampleProgramDefinition: z.output<typeof ProgramDefinition> = {
  targeting: storeTargeting({ match: 'prefix', value: '/demo' }, 0),
  frequency: null,
  content: { sections: exampleProgramSections },
};

/** The experience summary of the store tour, published. */
export const exampleStoreTour = {
  id: EXAMPLE_ID.experienceId,
  type: 'tour' as const,
  name: 'Store tour',
  slug: 'store-tour',
  status: 'published' as const,
  live_version_id: EXAMPLE_ID.versionId,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};

/** A visitor's session of the store tour, just opened by an auto-start. */
export const exampleTourSession = {
  id: EXAMPLE_ID.sessionId,
  experience_id: EXAMPLE_ID.experienceId,
  version_id: EXAMPLE_ID.versionId,
  state: 'active' as const,
  end_reason: null,
  current_step_id: null,
  progress: 0,
  started_at: EXAMPLE_LATER,
  ended_at: null,
};

/** The element the example decision asks the widget to watch (an experience with an element condition). */
export const exampleWatch = { key: watchKey('#cart'), selector: '#cart' };

/** The decision for the store page: the program (one item done), the tour to auto-start, one watch entry. */
export const exampleDecision = {
  launchers: [
    {
      experience_id: EXAMPLE_ID.launcherId,
      version_id: EXAMPLE_ID.launcherVersionId,
      kind: 'beacon' as const,
      target: { selector: '#cart' },
      label: null,
      activation: 'hover' as const,
      action: { type: 'tooltip' as const, text: 'Your basket lives here.' },
    },
  ],
  banners: [
    {
      experience_id: EXAMPLE_ID.bannerId,
      version_id: EXAMPLE_ID.bannerVersionId,
      message: 'Free delivery this week.',
      button: { label: 'See how', url: null, action: 'open_help' as const },
      placement: 'top' as const,
      target: null,
      sticky: true,
      dismissible: true,
    },
  ],
  announcements: {
    unread: 1,
    items: [
      {
        experience_id: EXAMPLE_ID.announcementId,
        version_id: EXAMPLE_ID.announcementVersionId,
        title: 'Gift cards are here',
        body: 'Buy one from the basket.',
        distribution: 'badge' as const,
        published_at: EXAMPLE_TIME,
        read: false,
      },
    ],
  },
  programs: [
    {
      experience_id: EXAMPLE_ID.programId,
      version_id: EXAMPLE_ID.programVersionId,
      name: 'Get to know the store',
      session_id: EXAMPLE_ID.programSessionId,
      sections: exampleProgramSections.map((section, i) => ({
        id: section.id,
        title: section.title,
        items: section.items.map((item, j) => ({
          ...item,
          state: i === 0 && j === 1 ? ('done' as const) : ('todo' as const),
        })),
        done: i === 0 ? 1 : 0,
        total: section.items.length,
      })),
      done: 1,
      total: exampleProgramSections.flatMap((s) => s.items).length,
      progress: 0.2,
    },
  ],
  auto_start: {
    type: 'tour' as const,
    experience_id: EXAMPLE_ID.experienceId,
    version_id: EXAMPLE_ID.versionId,
    triggers: {},
  },
  resume: null,
  preview: null,
  watch: [exampleWatch],
};
