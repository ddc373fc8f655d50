import type { Ctx } from '../context';
import type { Db } from '../db/db';
import { createExperience } from '../experiences/create-experience';
import {
  DEFINITION_LIMITS,
  defaultTargeting,
  type ProgramContent,
  type ProgramItem,
  type TourStep,
  type UrlRule,
} from '../experiences/definition';
import { publishExperience } from '../experiences/publish-experience';
import { updateExperience } from '../experiences/update-experience';
import { getWorkspaceExperience } from '../experiences/workspace-experiences';
import { acmeAppPages } from './demo-contacts';
import { DEMO_STORE_GUIDE_TITLE } from './demo-content';
import { getDemoWorkspaceId } from './demo-seed';
import { DEMO_BANNER_SLUG, DEMO_VISIBLE_EXPERIENCES } from './demo-visible-experiences';

/** The slugs of the demo store's tour and onboarding program (the examples of /docs name them too). */
export const DEMO_STORE_TOUR_SLUG = 'store-tour';
export const DEMO_ONBOARDING_SLUG = 'store-onboarding';
/** The custom event the demo store pushes (Widget.event.push) when something goes into the cart. */
export const DEMO_CART_EVENT = 'demo_added_to_cart';

/** The store page itself (bff/routes/site/demo-store-page.ts): `/demo`, with or without a query. */
const STORE_PAGE: UrlRule = { match: 'exact', value: '/demo' };
/** The store and its developer harness (`/demo/api`), where the program shows in the Onboarding tab. */
const DEMO_PAGES: UrlRule = { match: 'prefix', value: '/demo' };

const step = (
  id: string,
  title: string,
  body: string,
  selector: string | null,
  placement: TourStep['placement'] = 'auto',
): TourStep => ({
  id,
  title,
  body,
  target: selector ? { selector } : null,
  placement,
  page: STORE_PAGE,
  advance: 'next',
  wait_ms: DEFINITION_LIMITS.defaultWaitMs,
});

/**
 * The store tour: three steps anchored to elements of the store page by their ids
 * (`#products`, `#cart`, `#help`; bff/routes/site/demo.test.ts checks the page has them). Readable step ids,
 * so progress rows and the documented examples name them.
 */
export const DEMO_STORE_TOUR_STEPS: readonly TourStep[] = [
  step(
    'products',
    'Welcome to Acme Outfitters',
    'Three stops around the demo store. These are our bestsellers: add anything to your cart. Nothing is for sale, but your onboarding checklist notices.',
    '#products',
    'top',
  ),
  step('cart', 'Your cart', 'It counts what you add. Checkout is not part of the demo.', '#cart', 'bottom'),
  step(
    'help',
    'Answers, one click away',
    'These links open articles in the widget. The launcher in the corner searches them all, and its Onboarding tab keeps your checklist.',
    '#help',
    'top',
  ),
];

/** The onboarding program's sections, naming the store tour and the store guide by id. */
export function demoProgramSections(tourId: string, guideId: string): ProgramContent['sections'] {
  const item = (i: Omit<ProgramItem, 'description'> & { description: string }): ProgramItem => i;
  return [
    {
      id: 'look-around',
      title: 'Look around',
      items: [
        item({
          id: 'take-the-tour',
          title: 'Take the store tour',
          description: 'Four steps, under a minute.',
          kind: 'tour',
          tour_id: tourId,
        }),
        item({
          id: 'add-to-cart',
          title: 'Add something to your cart',
          description: 'Any product will do: this item ticks itself off.',
          kind: 'event',
          event_name: DEMO_CART_EVENT,
        }),
      ],
    },
    {
      id: 'get-answers',
      title: 'Get answers',
      items: [
        item({
          id: 'read-returns',
          title: 'Read how returns work',
          description: 'A help-center article, opened in Help.',
          kind: 'article',
          article_slug: 'returns-and-refunds',
        }),
        item({
          id: 'track-an-order',
          title: 'Find out where your order is',
          description: 'A guide, walked through on this page.',
          kind: 'guide',
          guide_id: guideId,
        }),
        item({
          id: 'try-the-api',
          title: 'Try every Widget call',
          description: 'The developer harness: a button for each call of the JavaScript API.',
          kind: 'url',
          url: '/demo/api',
        }),
      ],
    },
  ];
}

/**
 * The in-app experiences of the demo store, added on every start when missing (after ensureDemoWidget and
 * ensureDemoContent, whose article and guide the program names): a tour auto-started once per browser on
 * /demo, and an onboarding program with an item of each kind in the widget's Onboarding tab on /demo and
 * /demo/api; and a launcher, a banner and an announcement on the store and a survey on /demo/feedback
 * (server-core/setup/demo-visible-experiences.ts). All are published through the same path as the portal,
 * each added when its slug is missing. Never touches what exists, except
 * once: a demo seeded before the store had its tour targeted its app tour and program at every page, so
 * when the store tour is first added they are narrowed to Acme's app (`acmeAppPages`) and republished; the
 * same for the app's banner (`spring-release`) when the store banner is first added.
 * Two nodes starting together add them once (an advisory lock).
 */
export async function ensureDemoExperiences(db: Db, now: Date): Promise<void> {
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return;
  await db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('demo-experiences'))");
    const ctx: Ctx = { db: tx, clock: { now: () => now }, workspaceId, actor: { type: 'system', id: null } };
    const idOf = async (sql: string, value: string) =>
      (await tx.query<{ id: string }>(sql, [workspaceId, value]))[0]?.id ?? null;
    const bySlug = (slug: string) =>
      idOf('select id from experiences where workspace_id = $1 and slug = $2', slug);

    let tourId = await bySlug(DEMO_STORE_TOUR_SLUG);
    if (!tourId) {
      await keepAppExperiencesInTheApp(ctx, [await bySlug('welcome-tour'), await bySlug('getting-started')]);
      const tour = await createExperience(ctx, {
        type: 'tour',
        name: 'Store tour',
        slug: DEMO_STORE_TOUR_SLUG,
        draft: {
          targeting: { ...defaultTargeting(), pages: { include: [STORE_PAGE], exclude: [] }, priority: 10 },
          frequency: { kind: 'once' },
          content: {
            steps: [...DEMO_STORE_TOUR_STEPS],
            feedback: { enabled: true, question: 'How was this tour?' },
          },
        },
      });
      await publishExperience(ctx, tour.id);
      tourId = tour.id;
    }

    if (!(await bySlug(DEMO_ONBOARDING_SLUG))) {
      const guideId = await idOf(
        'select id from guides where workspace_id = $1 and title = $2',
        DEMO_STORE_GUIDE_TITLE,
      );
      // ensureDemoContent adds the guide; without it, the next start adds the program.
      if (guideId) {
        const program = await createExperience(ctx, {
          type: 'program',
          name: 'Get to know the store',
          slug: DEMO_ONBOARDING_SLUG,
          draft: {
            targeting: { ...defaultTargeting(), pages: { include: [DEMO_PAGES], exclude: [] } },
            frequency: null,
            content: { sections: demoProgramSections(tourId, guideId) },
          },
        });
        await publishExperience(ctx, program.id);
      }
    }

    for (const e of DEMO_VISIBLE_EXPERIENCES) {
      if (await bySlug(e.slug)) continue;
      // The app's banner of an older demo showed on every page: the store keeps one banner, its own.
      if (e.slug === DEMO_BANNER_SLUG)
        await keepAppExperiencesInTheApp(ctx, [await bySlug('spring-release')]);
      const created = await createExperience(ctx, {
        type: e.type,
        name: e.name,
        slug: e.slug,
        draft: e.draft,
      });
      await publishExperience(ctx, created.id);
    }
  });
}

/** The app tour, program and banner of a demo seeded before the store had its own: narrowed to Acme's app. */
async function keepAppExperiencesInTheApp(ctx: Ctx, ids: (string | null)[]) {
  for (const id of ids) {
    if (!id) continue;
    const e = await getWorkspaceExperience(ctx, id);
    if (e.status === 'archived' || e.draft.targeting.pages.include.length > 0) continue;
    await updateExperience(ctx, id, {
      draft: { ...e.draft, targeting: { ...e.draft.targeting, pages: acmeAppPages() } },
    });
    if (e.status === 'published') await publishExperience(ctx, id);
  }
}
