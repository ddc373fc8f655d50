import { expect, it } from 'vitest';
import type { Db } from '../../../server-core/db/db';
import type { SurveyQuestion } from '../../../server-core/experiences/definition';
import { setFlag } from '../../../server-core/flags/flags';
import { describeDb } from '../../../server-core/testing/db';
import {
  announcementDefinition,
  bannerDefinition,
  launcherDefinition,
  surveyDefinition,
} from '../../../server-core/testing/visible-experiences';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { dispatchEvents } from '../../../server-core/webhooks/dispatch-events';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { apiWorkspace } from '../../testing/api';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';

interface Authored {
  id: string;
  live_version_id: string;
}
interface Marker {
  experience_id: string;
  version_id: string;
  seen_at: string;
  dismissed_at: string | null;
  activations: number;
  first: boolean;
}
interface Decision {
  launchers: { experience_id: string }[];
  banners: { experience_id: string }[];
  announcements: { unread: number; items: { experience_id: string; read: boolean }[] };
  auto_start: { type: string; experience_id: string } | null;
}
const dataOf = async <T>(res: Response) => {
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; details: Record<string, unknown> } }).error;
const URL = 'https://app.example.com/dashboard';

async function setup(db: Db, t: TestApp) {
  const ws = await apiWorkspace(t, db);
  const owner = await signIn(t, ws.ownerEmail, ws.ownerPassword);
  const portal = (method: string, path: string, body: unknown = {}) =>
    t.app.request(`/api/v1/workspaces/${ws.workspaceId}/experiences${path}`, {
      method,
      ...json(body, owner.headers),
    });
  const author = async (type: string, draft: unknown) => {
    const created = await dataOf<Authored>(await portal('POST', '', { type, name: `A ${type}`, draft }));
    return dataOf<Authored>(await portal('POST', `/${created.id}/publish`));
  };
  const rotated = await t.app.request(`/api/v1/workspaces/${ws.workspaceId}/widget/identity-secret/rotate`, {
    method: 'POST',
    headers: owner.headers,
  });
  const secret = ((await rotated.json()) as { data: { secret: string } }).data.secret;
  const visitor = async (email?: string) => {
    const res = await t.app.request(`/widget/boot?website_id=${ws.websiteId}`);
    const token = ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
    const call = async (method: string, path: string, body?: unknown) =>
      t.app.request(path, {
        method,
        ...(body === undefined
          ? { headers: { Authorization: `Bearer ${token}` } }
          : json(body, { Authorization: `Bearer ${token}` })),
      });
    if (email) {
      const r = await call('POST', '/widget/identify', { email, hmac: identityHmac(secret, email) });
      expect(r.status).toBe(200);
    }
    const seen = (e: Authored, extra: Record<string, unknown> = {}) =>
      call('POST', `/widget/experiences/${e.id}/seen`, { url: URL, version_id: e.live_version_id, ...extra });
    const decision = async () =>
      dataOf<Decision>(await call('GET', `/widget/experiences?url=${encodeURIComponent(URL)}`));
    return { token, call, seen, decision };
  };
  const outbox = async (type: string) =>
    db.query<{ data: Record<string, unknown> }>(
      'select data from outbox where workspace_id = $1 and type = $2 order by id',
      [ws.workspaceId, type],
    );
  return { ws, author, visitor, outbox };
}

describeDb('widget seen markers', (getDb) => {
  it('a launcher: each activation one launcher.activated, first_activation once per person even in parallel; the decision stops it', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { author, visitor, outbox } = await setup(db, t);
    const launcher = await author('launcher', launcherDefinition());
    const ada = await visitor();
    expect((await ada.decision()).launchers.map((l) => l.experience_id)).toEqual([launcher.id]);

    const firsts = await Promise.all([1, 2, 3].map(() => ada.seen(launcher).then(dataOf<Marker>)));
    expect(firsts.filter((m) => m.first)).toHaveLength(1);
    expect(firsts.map((m) => m.activations).sort()).toEqual([1, 2, 3]);
    t.clock.advance(1000);
    const again = await dataOf<Marker>(await ada.seen(launcher));
    expect(again).toMatchObject({
      experience_id: launcher.id,
      version_id: launcher.live_version_id,
      dismissed_at: null,
      activations: 4,
      first: false,
    });
    const events = (await outbox('launcher.activated')).map((e) => e.data);
    expect(events).toHaveLength(4);
    expect(events.filter((d) => d.first_activation === true)).toHaveLength(1);
    expect(events[3]).toMatchObject({
      experience_id: launcher.id,
      version_id: launcher.live_version_id,
      contact_id: null,
      first_activation: false,
    });
    expect((await ada.decision()).launchers).toEqual([]);
    // Another person still gets it, and their first activation is theirs.
    const bob = await visitor('bob@example.com');
    expect((await bob.decision()).launchers).toHaveLength(1);
    expect(await dataOf<Marker>(await bob.seen(launcher))).toMatchObject({ first: true, activations: 1 });
    expect((await outbox('launcher.activated')).at(-1)!.data).toMatchObject({
      first_activation: true,
      contact_id: expect.stringMatching(/^[0-9a-z]{26}$/),
    });
  });

  it('a banner: render then dismissal; banner.dismissed once per person under parallel dismissals; never delivered again', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { author, visitor, outbox } = await setup(db, t);
    const unlimited = await author('banner', bannerDefinition({ frequency: { kind: 'unlimited' } }));
    const once = await author('banner', bannerDefinition());
    const ada = await visitor();
    expect((await ada.decision()).banners.map((b) => b.experience_id).sort()).toEqual(
      [unlimited.id, once.id].sort(),
    );
    await dataOf<Marker>(await ada.seen(unlimited));
    expect(await dataOf<Marker>(await ada.seen(once))).toMatchObject({ first: true, activations: 1 });
    // A once banner never comes back after its render; an unlimited one until dismissed.
    expect((await ada.decision()).banners.map((b) => b.experience_id)).toEqual([unlimited.id]);
    const dismissals = await Promise.all(
      [1, 2, 3].map(() => ada.seen(unlimited, { dismissed: true }).then(dataOf<Marker>)),
    );
    expect(new Set(dismissals.map((d) => d.dismissed_at)).size).toBe(1);
    expect(dismissals[0]!.activations).toBe(1); // a dismissal is no render
    t.clock.advance(60_000);
    await dataOf<Marker>(await ada.seen(unlimited, { dismissed: true }));
    const events = (await outbox('banner.dismissed')).map((e) => e.data);
    expect(events).toEqual([
      {
        experience_id: unlimited.id,
        version_id: unlimited.live_version_id,
        contact_id: null,
        widget_visitor_id: expect.any(String),
        dismissed_at: dismissals[0]!.dismissed_at,
      },
    ]);
    expect((await ada.decision()).banners).toEqual([]);
    // `dismissed` is a banner's only.
    const launcher = await author('launcher', launcherDefinition());
    const refused = await ada.seen(launcher, { dismissed: true });
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toMatchObject({
      code: 'validation_failed',
      details: { field: 'dismissed', rule: 'banner_only' },
    });
  });

  it('an announcement: the first read fires announcement.seen once (parallel too), the entry stays read and leaves the count', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { author, visitor, outbox } = await setup(db, t);
    const news = await author('announcement', announcementDefinition({ content: { distribution: 'popup' } }));
    const ada = await visitor('ada@example.com');
    const before = await ada.decision();
    expect(before.announcements).toMatchObject({
      unread: 1,
      items: [{ experience_id: news.id, read: false }],
    });
    expect(before.auto_start).toMatchObject({ type: 'announcement', experience_id: news.id });
    // published_at: when its live version was published (the index reads it).
    const [{ published_at } = { published_at: new Date(0) }] = await db.query<{ published_at: Date }>(
      'select published_at from experience_versions where id = $1',
      [news.live_version_id],
    );
    expect((before.announcements.items[0] as unknown as { published_at: string }).published_at).toBe(
      published_at.toISOString(),
    );
    const reads = await Promise.all([1, 2, 3].map(() => ada.seen(news).then(dataOf<Marker>)));
    expect(reads.filter((r) => r.first)).toHaveLength(1);
    await dataOf<Marker>(await ada.seen(news));
    expect(await outbox('announcement.seen')).toHaveLength(1);
    const after = await ada.decision();
    expect(after.announcements).toMatchObject({ unread: 0, items: [{ experience_id: news.id, read: true }] });
    expect(after.auto_start).toBeNull();
  });

  it('a verified contact is one person across browsers: markers of one browser count in the other', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { author, visitor, outbox } = await setup(db, t);
    const launcher = await author('launcher', launcherDefinition());
    const banner = await author('banner', bannerDefinition({ frequency: { kind: 'unlimited' } }));
    const laptop = await visitor('ada@example.com');
    const phone = await visitor('ada@example.com');
    await dataOf(await laptop.seen(launcher));
    await dataOf(await laptop.seen(banner, { dismissed: true }));
    const onPhone = await phone.decision();
    expect(onPhone.launchers).toEqual([]);
    expect(onPhone.banners).toEqual([]);
    expect(await dataOf<Marker>(await phone.seen(launcher))).toMatchObject({ first: false, activations: 1 });
    await dataOf(await phone.seen(banner, { dismissed: true }));
    expect((await outbox('launcher.activated')).map((e) => e.data.first_activation)).toEqual([true, false]);
    expect(await outbox('banner.dismissed')).toHaveLength(1);
  });

  it('404: a sessioned type, an unpublished or foreign id, a version that is not a published one of it, the flag off', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, author, visitor } = await setup(db, t);
    const other = await setup(db, t);
    const launcher = await author('launcher', launcherDefinition());
    const banner = await author('banner', bannerDefinition());
    const survey = await author('survey', surveyDefinition());
    const foreign = await other.author('launcher', launcherDefinition());
    const ada = await visitor();
    const status = async (res: Promise<Response>) => (await res).status;
    expect(await status(ada.seen(survey))).toBe(404);
    expect(await status(ada.seen(foreign))).toBe(404);
    expect(await status(ada.seen({ id: launcher.id, live_version_id: banner.live_version_id }))).toBe(404);
    expect(await status(ada.seen({ id: 'not-a-ulid', live_version_id: launcher.live_version_id }))).toBe(404);
    await db.query("update experiences set status = 'archived' where workspace_id = $1 and id = $2", [
      ws.workspaceId,
      banner.id,
    ]);
    expect(await status(ada.seen(banner))).toBe(404);
    expect(await status(ada.seen(launcher, { extra: true }))).toBe(422);
    expect(await status(ada.seen(launcher))).toBe(200);
    await setFlag(db, ws.workspaceId, 'feature.experiences.core', false, new Date());
    await expect.poll(async () => status(ada.seen(launcher)), { timeout: 5000 }).toBe(404);
  });

  it('the events reach a webhook endpoint through the outbox with their allowlisted data', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, author, visitor } = await setup(db, t);
    const endpoint = await createWebhookEndpoint(
      ws.ctx,
      { box: t.services.box, policy: { allowHosts: [] } },
      {
        url: 'https://hooks.example.com/in',
        events: ['launcher.activated', 'banner.dismissed', 'announcement.seen', 'experience.completed'],
      },
    );
    const launcher = await author('launcher', launcherDefinition());
    const banner = await author('banner', bannerDefinition());
    const news = await author('announcement', announcementDefinition());
    const ada = await visitor('ada@example.com');
    await dataOf(await ada.seen(launcher));
    await dataOf(await ada.seen(banner));
    await dataOf(await ada.seen(banner, { dismissed: true }));
    await dataOf(await ada.seen(news));
    // A one-question survey answered: its session completes.
    const survey = await author('survey', surveyDefinition({ questions: [KINDS[1]!] }));
    const session = await dataOf<{ id: string }>(
      await ada.call('POST', `/widget/experiences/${survey.live_version_id}/sessions`, { url: URL }),
    );
    const answered = await ada.call(
      'POST',
      `/widget/experiences/${survey.live_version_id}/sessions/${session.id}/answers`,
      { question_id: 'rating', value: 5 },
    );
    expect(await dataOf(answered)).toEqual({ question_id: 'rating', value: 5, completed: true });
    expect((await dispatchEvents(db, t.clock.now())).dropped).toEqual([]);
    const bodies = await db.query<{ body: string }>(
      'select body from webhook_deliveries where workspace_id = $1 and endpoint_id = $2 order by id',
      [ws.workspaceId, endpoint.endpoint.id],
    );
    const sent = bodies.map((b) => JSON.parse(b.body) as { type: string; data: Record<string, unknown> });
    const who = {
      contact_id: expect.stringMatching(/^[0-9a-z]{26}$/),
      widget_visitor_id: expect.any(String),
    };
    expect(sent).toEqual([
      {
        ...sent[0],
        type: 'launcher.activated',
        data: {
          experience_id: launcher.id,
          version_id: launcher.live_version_id,
          ...who,
          first_activation: true,
          activated_at: expect.any(String),
        },
      },
      {
        ...sent[1],
        type: 'banner.dismissed',
        data: {
          experience_id: banner.id,
          version_id: banner.live_version_id,
          ...who,
          dismissed_at: expect.any(String),
        },
      },
      {
        ...sent[2],
        type: 'announcement.seen',
        data: {
          experience_id: news.id,
          version_id: news.live_version_id,
          ...who,
          seen_at: expect.any(String),
        },
      },
      {
        ...sent[3],
        type: 'experience.completed',
        data: {
          experience_id: survey.id,
          type: 'survey',
          version_id: survey.live_version_id,
          session_id: session.id,
          ...who,
          feedback_rating: null,
          completed_at: expect.any(String),
        },
      },
    ]);
  });
});

const KINDS: SurveyQuestion[] = [
  { id: 'nps', kind: 'nps', prompt: 'Recommend us?', attribute_key: 'nps_score' },
  { id: 'rating', kind: 'rating', prompt: 'Rate us', attribute_key: null },
  {
    id: 'scale',
    kind: 'scale',
    prompt: 'How hard?',
    attribute_key: null,
    min: 1,
    max: 7,
    min_label: 'Easy',
    max_label: 'Hard',
  },
  {
    id: 'many',
    kind: 'choice',
    prompt: 'Which?',
    attribute_key: 'interests',
    multiple: true,
    options: [
      { id: 'a', label: 'Alpha' },
      { id: 'b', label: 'Beta' },
      { id: 'c', label: 'Gamma' },
    ],
  },
  {
    id: 'one',
    kind: 'choice',
    prompt: 'One?',
    attribute_key: null,
    multiple: false,
    options: [
      { id: 'x', label: 'X' },
      { id: 'y', label: 'Y' },
    ],
  },
  { id: 'text', kind: 'freetext', prompt: 'Anything?', attribute_key: 'comment', placeholder: '' },
];

describeDb('widget survey answers', (getDb) => {
  const start = async (db: Db, t: TestApp, email?: string) => {
    const s = await setup(db, t);
    const survey = await s.author('survey', surveyDefinition({ questions: KINDS }));
    const v = await s.visitor(email);
    const session = await dataOf<{ id: string }>(
      await v.call('POST', `/widget/experiences/${survey.live_version_id}/sessions`, {
        url: URL,
        trigger: 'auto',
      }),
    );
    const path = `/widget/experiences/${survey.live_version_id}/sessions/${session.id}`;
    const answer = (question_id: string, value: unknown) =>
      v.call('POST', `${path}/answers`, { question_id, value });
    return { ...s, survey, v, session, path, answer };
  };

  it('each kind: valid values stored, invalid ones 422 naming the rule; an unknown question 422', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { answer } = await start(db, t);
    const rule = async (q: string, value: unknown) => {
      const res = await answer(q, value);
      expect(res.status, `${q} ${JSON.stringify(value)}`).toBe(422);
      return (await errorOf(res)).details.rule;
    };
    expect(await rule('nps', 11)).toBe('out_of_range');
    expect(await rule('nps', 4.5)).toBe('out_of_range');
    expect(await rule('nps', '9')).toBe('out_of_range');
    expect(await rule('rating', 0)).toBe('out_of_range');
    expect(await rule('rating', 6)).toBe('out_of_range');
    expect(await rule('scale', 8)).toBe('out_of_range');
    expect(await rule('scale', 0)).toBe('out_of_range');
    expect(await rule('many', 'a')).toBe('option_ids');
    expect(await rule('many', [])).toBe('option_ids');
    expect(await rule('many', ['a', 'a'])).toBe('distinct');
    expect(await rule('many', ['a', 'z'])).toBe('unknown_option');
    expect(await rule('one', ['x'])).toBe('unknown_option');
    expect(await rule('one', 'z')).toBe('unknown_option');
    expect(await rule('text', 5)).toBe('text');
    expect(await rule('text', 'x'.repeat(2001))).toBe('too_long');
    expect((await answer('text', 'a\u0000b')).status).toBe(422); // refused before the route
    expect(await rule('nope', 1)).toBe('unknown_question');
    for (const [q, value] of [
      ['nps', 0],
      ['nps', 10],
      ['rating', 5],
      ['scale', 7],
      ['many', ['c', 'a']],
      ['one', 'y'],
      ['text', 'x'.repeat(2000)],
    ] as const) {
      expect(await dataOf(await answer(q, value)), q).toEqual({
        question_id: q,
        value,
        completed: q === 'text', // the sixth answer leaves none unanswered
      });
    }
  });

  it('answering again replaces; the last answer completes once (experience.completed), later answers 409; answers are listed', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, v, survey, session, path, answer, outbox } = await start(db, t);
    await dataOf(await answer('nps', 3));
    t.clock.advance(1000);
    await dataOf(await answer('nps', 9));
    for (const [q, value] of [
      ['rating', 4],
      ['scale', 2],
      ['many', ['a', 'b']],
      ['one', 'x'],
    ] as const) {
      t.clock.advance(1000);
      await dataOf(await answer(q, value));
    }
    t.clock.advance(1000);
    expect(await dataOf(await answer('text', 'Faster pages'))).toEqual({
      question_id: 'text',
      value: 'Faster pages',
      completed: true,
    });
    const late = await answer('nps', 1);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe('session_not_active');
    const completed = await outbox('experience.completed');
    expect(completed.map((e) => e.data)).toEqual([
      expect.objectContaining({
        experience_id: survey.id,
        type: 'survey',
        session_id: session.id,
        feedback_rating: null,
      }),
    ]);
    const s = await dataOf<{ state: string; end_reason: string }>(
      await v.call('PATCH', path, { end: 'dismissed' }),
    );
    expect(s).toMatchObject({ state: 'completed', end_reason: 'completed' });

    // listExperienceAnswers: newest first, one row per question (the replaced nps answer once), paged.
    const page = async (cursor?: string) =>
      (await (
        await ws.call(`/api/v1/experiences/${survey.id}/answers?limit=4${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()) as { data: Record<string, unknown>[]; meta: { next_cursor: string | null } };
    const first = await page();
    expect(first.data.map((r) => r.question_id)).toEqual(['text', 'one', 'many', 'scale']);
    expect(first.data[0]).toEqual({
      session_id: session.id,
      contact_id: null,
      question_id: 'text',
      kind: 'freetext',
      value: 'Faster pages',
      answered_at: t.clock.now().toISOString(),
    });
    const second = await page(first.meta.next_cursor!);
    expect(second.data.map((r) => [r.question_id, r.value])).toEqual([
      ['rating', 4],
      ['nps', 9],
    ]);
    expect(second.meta.next_cursor).toBeNull();
    // The decision never brings a completed survey back.
    expect((await v.decision()).auto_start).toBeNull();
  });

  it('two last answers at once: one completes the session, the other finds it ended (409); experience.completed once', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { answer, outbox } = await start(db, t);
    for (const [q, value] of [
      ['nps', 1],
      ['rating', 1],
      ['scale', 1],
      ['many', ['a']],
    ] as const) {
      await dataOf(await answer(q, value));
    }
    const racing = await Promise.all([answer('one', 'x'), answer('text', 'hi'), answer('text', 'ho')]);
    const statuses = racing.map((r) => r.status).sort();
    // Whoever runs last of the three finds every question answered by the others, or the session ended.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const bodies = await Promise.all(
      racing
        .filter((r) => r.status === 200)
        .map((r) => r.json() as Promise<{ data: { completed: boolean } }>),
    );
    expect(bodies.filter((b) => b.data.completed)).toHaveLength(1);
    expect(await outbox('experience.completed')).toHaveLength(1);
  });

  it('an identified visitor files answers under the contact attributes (choice by label); an anonymous one does not; a full contact keeps its 30', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, answer } = await start(db, t, 'ada@example.com');
    await dataOf(await answer('nps', 9));
    await dataOf(await answer('many', ['b', 'a']));
    await dataOf(await answer('text', 'y'.repeat(1500)));
    const [ada] = await db.query<{ attributes: Record<string, unknown> }>(
      'select attributes from contacts where workspace_id = $1 and email = $2',
      [ws.workspaceId, 'ada@example.com'],
    );
    expect(ada!.attributes).toEqual({ nps_score: 9, interests: 'Beta, Alpha', comment: 'y'.repeat(1000) });

    const anon = await start(db, t);
    await dataOf(await anon.answer('nps', 4));
    const contacts = await db.query('select id from contacts where workspace_id = $1', [anon.ws.workspaceId]);
    expect(contacts).toEqual([]);

    const full = await start(db, t, 'full@example.com');
    const thirty = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    await db.query('update contacts set attributes = $3::jsonb where workspace_id = $1 and email = $2', [
      full.ws.workspaceId,
      'full@example.com',
      JSON.stringify(thirty),
    ]);
    expect(await dataOf(await full.answer('nps', 8))).toMatchObject({ value: 8 });
    const [kept] = await db.query<{ attributes: Record<string, unknown> }>(
      'select attributes from contacts where workspace_id = $1 and email = $2',
      [full.ws.workspaceId, 'full@example.com'],
    );
    expect(kept!.attributes).toEqual(thirty);
  });

  it('closing the card dismisses the session and keeps its answers; another visitor’s session, a tour session: 404', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, survey, v, session, path, answer, author, visitor } = await start(db, t);
    await dataOf(await answer('nps', 6));
    expect(await dataOf(await v.call('PATCH', path, { end: 'dismissed' }))).toMatchObject({
      state: 'ended',
      end_reason: 'dismissed',
    });
    expect((await answer('rating', 3)).status).toBe(409);
    const rows = (await (await ws.call(`/api/v1/experiences/${survey.id}/answers`)).json()) as {
      data: { session_id: string; value: unknown }[];
    };
    expect(rows.data).toEqual([expect.objectContaining({ session_id: session.id, value: 6 })]);
    const eve = await visitor();
    expect((await eve.call('POST', `${path}/answers`, { question_id: 'nps', value: 1 })).status).toBe(404);
    const tour = await author('tour', {
      content: { steps: [{ title: 'One' }], feedback: { enabled: false, question: 'Q' } },
    });
    const tourSession = await dataOf<{ id: string }>(
      await v.call('POST', `/widget/experiences/${tour.live_version_id}/sessions`, { url: URL }),
    );
    const onTour = await v.call(
      'POST',
      `/widget/experiences/${tour.live_version_id}/sessions/${tourSession.id}/answers`,
      {
        question_id: 'nps',
        value: 1,
      },
    );
    expect(onTour.status).toBe(404);
  });

  it('listExperienceAnswers: 404 for an unknown or foreign id, an empty page for another type, experiences:read needed', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const mine = await start(db, t);
    const other = await start(db, t);
    await dataOf(await other.answer('nps', 2));
    expect((await mine.ws.call(`/api/v1/experiences/${other.survey.id}/answers`)).status).toBe(404);
    expect((await mine.ws.call('/api/v1/experiences/01jd2m7r3x8k9q4w5e6t7y8v9a/answers')).status).toBe(404);
    const launcher = await mine.author('launcher', launcherDefinition());
    const empty = (await (
      await mine.ws.call(`/api/v1/experiences/${launcher.id}/answers`)
    ).json()) as unknown;
    expect(empty).toEqual({ data: [], meta: { next_cursor: null } });
    const key = await mine.ws.keyWith('contacts:read');
    expect((await mine.ws.call(`/api/v1/experiences/${mine.survey.id}/answers`, { key })).status).toBe(403);
  });
});

describeDb('widget analytics beacons', (getDb) => {
  it('counted per experience, kind and UTC day; the kind must match the type; 422 for bad bodies; no webhook', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, author, visitor } = await setup(db, t);
    const launcher = await author('launcher', launcherDefinition());
    const banner = await author('banner', bannerDefinition());
    const ada = await visitor();
    const beacon = (kind: string, e: Authored, extra: Record<string, unknown> = {}) =>
      ada.call('POST', '/widget/beacons', {
        kind,
        experience_id: e.id,
        version_id: e.live_version_id,
        url: URL,
        ...extra,
      });
    for (const [kind, e] of [
      ['launcher.shown', launcher],
      ['banner.shown', banner],
      ['banner.shown', banner],
      ['banner.clicked', banner],
    ] as const) {
      const res = await beacon(kind, e);
      expect(res.status).toBe(202);
      expect(await res.text()).toBe('');
    }
    t.clock.advance(24 * 3600_000);
    expect((await beacon('banner.shown', banner)).status).toBe(202);
    expect((await beacon('banner.shown', launcher)).status).toBe(404);
    expect(
      (await beacon('launcher.shown', { id: launcher.id, live_version_id: banner.live_version_id })).status,
    ).toBe(404);
    expect((await beacon('banner.hovered', banner)).status).toBe(422);
    expect((await beacon('banner.shown', banner, { extra: 1 })).status).toBe(422);
    const stats = await db.query<{ experience_id: string; day: string; kind: string; count: number }>(
      `select experience_id, to_char(day, 'YYYY-MM-DD') as day, kind, count from experience_daily_stats
       where workspace_id = $1 order by day, kind, experience_id`,
      [ws.workspaceId],
    );
    const today = new Date(t.clock.now().getTime() - 24 * 3600_000).toISOString().slice(0, 10);
    const tomorrow = t.clock.now().toISOString().slice(0, 10);
    expect(stats).toEqual([
      { experience_id: banner.id, day: today, kind: 'banner.clicked', count: 1 },
      { experience_id: banner.id, day: today, kind: 'banner.shown', count: 2 },
      { experience_id: launcher.id, day: today, kind: 'launcher.shown', count: 1 },
      { experience_id: banner.id, day: tomorrow, kind: 'banner.shown', count: 1 },
    ]);
    const outbox = await db.query('select type from outbox where workspace_id = $1 and type like $2', [
      ws.workspaceId,
      '%.shown',
    ]);
    expect(outbox).toEqual([]);
  });
});
