import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Ctx } from '../context';
import type { Db } from '../db/db';
import { decideExperiences } from '../experiences/decision/decide-experiences';
import { createExperienceIndexCache } from '../experiences/decision/index-cache';
import { passesBeforeLedger } from '../experiences/decision/targeting';
import { parsePageUrl } from '../experiences/decision/url-match';
import type { ProgramContent, SurveyContent, TourContent } from '../experiences/definition';
import { publishExperience } from '../experiences/publish-experience';
import { updateExperience } from '../experiences/update-experience';
import { getWorkspaceExperience } from '../experiences/workspace-experiences';
import { createSecretBox } from '../lib/secret-box';
import { describeDb } from '../testing/db';
import { letterEmbedder } from '../testing/letter-embedder';
import { ensureDemoContent } from './demo-content';
import {
  DEMO_CART_EVENT,
  DEMO_ONBOARDING_SLUG,
  DEMO_STORE_TOUR_SLUG,
  ensureDemoExperiences,
} from './demo-experiences';
import { getDemoWorkspaceId, seedDemoWorkspace } from './demo-seed';
import {
  DEMO_ANNOUNCEMENT,
  DEMO_ANNOUNCEMENT_SLUG,
  DEMO_BANNER,
  DEMO_BANNER_SLUG,
  DEMO_FEEDBACK_PATH,
  DEMO_LAUNCHER,
  DEMO_LAUNCHER_SLUG,
  DEMO_NPS_ATTRIBUTE,
  DEMO_SURVEY_SLUG,
} from './demo-visible-experiences';
import { ensureDemoWidget } from './demo-widget';

/** The demo workspace is one per database: each suite (its own database) seeds it once. */
const seeder = (getDb: () => Db) => async () => {
  const db = getDb();
  const now = new Date();
  await seedDemoWorkspace(db, now);
  await ensureDemoWidget(db, createSecretBox(randomBytes(32)), now, 'http://localhost:8787');
  await ensureDemoContent(db, now, letterEmbedder);
  const workspaceId = (await getDemoWorkspaceId(db))!;
  const ctx: Ctx = { db, clock: { now: () => now }, workspaceId, actor: { type: 'system', id: null } };
  const bySlug = async (slug: string) => {
    const [row] = await db.query<{ id: string }>(
      'select id from experiences where workspace_id = $1 and slug = $2',
      [workspaceId, slug],
    );
    return getWorkspaceExperience(ctx, row!.id);
  };
  return { db, now, ctx, workspaceId, bySlug };
};

describeDb('demo experiences', (getDb) => {
  const seed = seeder(getDb);

  it('a store tour auto-started once on /demo and an onboarding program with an item of each kind, added once across nodes and restarts', async () => {
    const { db, now, ctx, workspaceId, bySlug } = await seed();
    await Promise.all([ensureDemoExperiences(db, now), ensureDemoExperiences(db, now)]);
    await ensureDemoExperiences(db, now);

    const tour = await bySlug(DEMO_STORE_TOUR_SLUG);
    expect(tour).toMatchObject({ type: 'tour', status: 'published' });
    expect(tour.draft.frequency).toEqual({ kind: 'once' });
    expect(tour.draft.targeting.pages.include).toEqual([{ match: 'exact', value: '/demo' }]);
    const steps = (tour.draft.content as TourContent).steps;
    expect(steps.map((s) => [s.id, s.target?.selector ?? null])).toEqual([
      ['products', '#products'],
      ['cart', '#cart'],
      ['help', '#help'],
    ]);
    const program = await bySlug(DEMO_ONBOARDING_SLUG);
    expect(program).toMatchObject({ type: 'program', status: 'published' });
    const items = (program.draft.content as ProgramContent).sections.flatMap((s) => s.items);
    expect(items.map((i) => i.kind).sort()).toEqual(['article', 'event', 'guide', 'tour', 'url']);
    expect(items.find((i) => i.kind === 'tour')!.tour_id).toBe(tour.id);
    expect(items.find((i) => i.kind === 'event')!.event_name).toBe(DEMO_CART_EVENT);
    const [guide] = await db.query<{ share_mode: string; status: string }>(
      'select share_mode, status from guides where workspace_id = $1 and id = $2',
      [workspaceId, items.find((i) => i.kind === 'guide')!.guide_id],
    );
    expect(guide).toEqual({ share_mode: 'public', status: 'published' }); // an anonymous visitor may walk it
    const [article] = await db.query<{ access_level: string }>(
      'select access_level from articles where workspace_id = $1 and slug = $2',
      [workspaceId, items.find((i) => i.kind === 'article')!.article_slug],
    );
    expect(article).toEqual({ access_level: 'public' });
    const counts = await db.query<{ slug: string; versions: number }>(
      `select e.slug, count(v.id)::int as versions from experiences e
       join experience_versions v on v.workspace_id = e.workspace_id and v.experience_id = e.id
       where e.workspace_id = $1 and e.slug = any($2::text[]) group by e.slug order by e.slug`,
      [workspaceId, [DEMO_STORE_TOUR_SLUG, DEMO_ONBOARDING_SLUG]],
    );
    expect(counts).toEqual([
      { slug: DEMO_ONBOARDING_SLUG, versions: 1 },
      { slug: DEMO_STORE_TOUR_SLUG, versions: 1 },
    ]);

    // On the store: the tour auto-starts and the program is there; the app's tour and program are not.
    const index = createExperienceIndexCache({ db, clock: ctx.clock });
    const visitor = { id: 'demo-visitor', contactId: null };
    const store = await decideExperiences(ctx, { index }, { visitor, url: 'http://localhost:8787/demo' });
    expect(store.auto_start).toMatchObject({ type: 'tour', experience_id: tour.id });
    expect(store.programs.map((p) => p.experience_id)).toEqual([program.id]);
    const harness = await decideExperiences(
      ctx,
      { index },
      { visitor, url: 'http://localhost:8787/demo/api' },
    );
    expect(harness.auto_start).toBeNull();
    expect(harness.programs.map((p) => p.experience_id)).toEqual([program.id]);
    const app = await decideExperiences(ctx, { index }, { visitor, url: 'https://app.acme.test/projects' });
    expect(app.auto_start).toMatchObject({ experience_id: (await bySlug('welcome-tour')).id });
    expect(app.programs.map((p) => p.experience_id)).toEqual([(await bySlug('getting-started')).id]);
  });
});

describeDb('demo launcher, banner, announcement and survey', (getDb) => {
  const seed = seeder(getDb);

  it('one of each published once under its slug, the survey alone on the second demo page', async () => {
    const { db, now, ctx, workspaceId, bySlug } = await seed();
    await Promise.all([ensureDemoExperiences(db, now), ensureDemoExperiences(db, now)]);
    await ensureDemoExperiences(db, now);
    const slugs = [DEMO_LAUNCHER_SLUG, DEMO_BANNER_SLUG, DEMO_ANNOUNCEMENT_SLUG, DEMO_SURVEY_SLUG];
    const counts = await db.query<{ slug: string; type: string; experiences: number; versions: number }>(
      `select e.slug, e.type, count(distinct e.id)::int as experiences, count(v.id)::int as versions
       from experiences e join experience_versions v on v.workspace_id = e.workspace_id and v.experience_id = e.id
       where e.workspace_id = $1 and e.slug = any($2::text[]) group by e.slug, e.type order by e.type`,
      [workspaceId, slugs],
    );
    expect(counts).toEqual([
      { slug: DEMO_ANNOUNCEMENT_SLUG, type: 'announcement', experiences: 1, versions: 1 },
      { slug: DEMO_BANNER_SLUG, type: 'banner', experiences: 1, versions: 1 },
      { slug: DEMO_LAUNCHER_SLUG, type: 'launcher', experiences: 1, versions: 1 },
      { slug: DEMO_SURVEY_SLUG, type: 'survey', experiences: 1, versions: 1 },
    ]);

    const launcher = await bySlug(DEMO_LAUNCHER_SLUG);
    expect(launcher.status).toBe('published');
    expect(launcher.published_definition!.content).toEqual({
      kind: 'beacon',
      target: { selector: '#cart' },
      label: null,
      activation: 'hover',
      action: { type: 'tooltip', text: 'Your basket lives here.' },
    });
    expect(DEMO_LAUNCHER.target.selector).toBe('#cart');
    const banner = await bySlug(DEMO_BANNER_SLUG);
    expect(banner.published_definition!.content).toEqual(DEMO_BANNER);
    expect(banner.published_definition!.content).toMatchObject({
      message: 'Free delivery this week.',
      button: { label: 'See how', url: null, action: 'open_help' },
      placement: 'top',
      sticky: true,
      dismissible: true,
    });
    expect(banner.published_definition!.frequency).toEqual({ kind: 'unlimited' });
    const announcement = await bySlug(DEMO_ANNOUNCEMENT_SLUG);
    expect(announcement.published_definition!.content).toEqual(DEMO_ANNOUNCEMENT);
    expect(DEMO_ANNOUNCEMENT).toMatchObject({
      distribution: 'badge',
      title: 'Gift cards are here',
      body: 'Buy one from the basket.',
      starts_at: null,
      ends_at: null,
    });
    const survey = await bySlug(DEMO_SURVEY_SLUG);
    expect(survey.published_definition!.frequency).toEqual({ kind: 'once' });
    const content = survey.published_definition!.content as SurveyContent;
    expect(content.placement).toBe('corner');
    expect(content.questions.map((q) => [q.id, q.kind, q.attribute_key])).toEqual([
      ['recommend', 'nps', DEMO_NPS_ATTRIBUTE],
      ['came-for', 'choice', null],
      ['improve', 'freetext', null],
    ]);

    // Which demo page each is targeted at, as the decision's index reads the published versions: the
    // survey never shares the store with the auto-started tour.
    const index = await createExperienceIndexCache({ db, clock: ctx.clock }).get(workspaceId);
    const targetedOn = (path: string) =>
      index.experiences
        .filter((e) =>
          passesBeforeLedger(e, parsePageUrl(`http://localhost:8787${path}`)!, false, now.getTime()),
        )
        .map((e) => e.name)
        .sort();
    expect(targetedOn('/demo')).toEqual([
      'Basket beacon',
      'Free delivery banner',
      'Get to know the store',
      'Gift cards',
      'Store tour',
    ]);
    expect(targetedOn(DEMO_FEEDBACK_PATH)).toEqual(['Get to know the store', 'Gift cards', 'Store feedback']);
    expect(targetedOn('/demo/api')).toEqual(['Get to know the store', 'Gift cards']);
    const store = await decideExperiences(
      ctx,
      { index: createExperienceIndexCache({ db, clock: ctx.clock }) },
      { visitor: { id: 'demo-visitor-2', contactId: null }, url: 'http://localhost:8787/demo' },
    );
    expect(store.auto_start).toMatchObject({
      type: 'tour',
      experience_id: (await bySlug(DEMO_STORE_TOUR_SLUG)).id,
    });
  });
});

describeDb('demo experiences over an older demo', (getDb) => {
  const seed = seeder(getDb);

  it('a demo seeded before the store had its tour and banner: its app tour, program and banner are narrowed to the app once', async () => {
    const { db, now, ctx, bySlug } = await seed();
    // As the seed of issue 13 left them: every page.
    for (const slug of ['welcome-tour', 'getting-started', 'spring-release']) {
      const e = await bySlug(slug);
      await updateExperience(ctx, e.id, {
        draft: { ...e.draft, targeting: { ...e.draft.targeting, pages: { include: [], exclude: [] } } },
      });
      await publishExperience(ctx, e.id);
    }
    await ensureDemoExperiences(db, now);
    for (const slug of ['welcome-tour', 'getting-started', 'spring-release']) {
      const e = await bySlug(slug);
      expect(e.status, slug).toBe('published');
      expect(e.published_definition!.targeting.pages.include, slug).toEqual([
        { match: 'prefix', value: 'https://app.acme.test/' },
      ]);
    }
    // Later starts leave an owner's change alone.
    const welcome = await bySlug('welcome-tour');
    await updateExperience(ctx, welcome.id, {
      draft: {
        ...welcome.draft,
        targeting: { ...welcome.draft.targeting, pages: { include: [], exclude: [] } },
      },
    });
    await ensureDemoExperiences(db, now);
    expect((await bySlug('welcome-tour')).draft.targeting.pages.include).toEqual([]);
  });
});
