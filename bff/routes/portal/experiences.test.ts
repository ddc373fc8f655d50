import { expect, it } from 'vitest';
import type { Db } from '../../../server-core/db/db';
import { setFlag } from '../../../server-core/flags/flags';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, type SignedIn, signIn, type TestApp } from '../../testing/services';

interface PortalExperience {
  id: string;
  type: string;
  slug: string;
  status: string;
  live_version_id: string | null;
  archived_at: string | null;
  draft: { targeting: Record<string, unknown>; frequency: unknown; content: Record<string, unknown> };
  published_definition: { content: Record<string, unknown> } | null;
}
interface Issue {
  path: string;
  code: string;
}
const dataOf = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; details: { location?: string; issues?: Issue[] } } }).error;

async function setup(db: Db, t: TestApp = makeTestApp(db)) {
  const ws = await makeWorkspace(db);
  const owner = await makeMember(db, ws.id, 'owner');
  const s = await signIn(t, owner.email, TEST_PASSWORD);
  const base = `/api/v1/workspaces/${ws.id}/experiences`;
  const call = (
    method: string,
    path: string,
    body?: unknown,
    who: SignedIn = s,
    headers: Record<string, string> = {},
  ) =>
    t.app.request(`${base}${path}`, {
      method,
      ...(body === undefined
        ? { headers: { ...who.headers, ...headers } }
        : json(body, { ...who.headers, ...headers })),
    });
  const events = async () =>
    db.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from outbox where workspace_id = $1 and type like 'experience.%' order by id`,
      [ws.id],
    );
  return { t, ws, s, base, call, events };
}

const tour = {
  type: 'tour',
  name: 'Welcome tour',
  draft: {
    targeting: { pages: { include: [{ match: 'prefix', value: '/app' }] } },
    content: {
      steps: [
        { title: 'Welcome', body: 'A quick look around.' },
        { title: 'Projects', body: 'Projects hold your work.', target: { selector: '#projects' } },
      ],
    },
  },
};

describeDb('portal experience authoring', (getDb) => {
  it('create fills defaults and ids; a bad draft is 422 naming each field; update keeps ids; 409 once archived', async () => {
    const db = getDb();
    const { call, events } = await setup(db);
    const created = await call('POST', '', tour);
    expect(created.status).toBe(201);
    const e = await dataOf<PortalExperience>(created);
    expect(e).toMatchObject({ type: 'tour', slug: 'welcome-tour', status: 'draft', live_version_id: null });
    expect(e.draft.frequency).toEqual({ kind: 'once' });
    expect(e.draft.targeting).toMatchObject({ audience: 'everyone', priority: 0, pages: { exclude: [] } });
    const steps = e.draft.content.steps as { id: string; wait_ms: number; advance: string }[];
    expect(steps.map((x) => [x.wait_ms, x.advance])).toEqual([
      [5000, 'next'],
      [5000, 'next'],
    ]);
    expect(steps[0]!.id).toMatch(/^[0-9a-z]{26}$/);

    const badShape = await call('POST', '', {
      ...tour,
      draft: {
        content: { steps: [{ title: 'a' }, { title: 'b' }, { title: 'c', target: { selector: '' } }] },
      },
    });
    expect(badShape.status).toBe(422);
    const shapeError = await errorOf(badShape);
    expect(shapeError.code).toBe('validation_failed');
    expect(shapeError.details.issues!.map((i) => i.path)).toEqual(['draft.content.steps.2.target.selector']);
    const badRule = await call('POST', '', {
      ...tour,
      draft: {
        targeting: { pages: { include: [{ match: 'regex', value: '^/a(?!b)' }] } },
        frequency: { kind: 'limited', times: 2, days_apart: 3 },
        content: { steps: [{ title: 'x', advance: 'target_click' }] },
      },
    });
    expect(badRule.status).toBe(422);
    expect((await errorOf(badRule)).details.issues!.map((i) => `${i.path} ${i.code}`)).toEqual([
      'draft.targeting.pages.include.0.value regex_invalid',
      'draft.content.steps.0.advance needs_target',
    ]);
    const banner = await call('POST', '', {
      type: 'banner',
      name: 'B',
      draft: { content: { message: 'Hi' } },
    });
    expect(banner.status).toBe(201); // banner defaults: placement top, dismissible, once
    const bannerLimited = await call('POST', '', {
      type: 'banner',
      name: 'B2',
      draft: { frequency: { kind: 'limited', times: 2, days_apart: 1 }, content: { message: 'Hi' } },
    });
    expect((await errorOf(bannerLimited)).details.issues!.map((i) => i.path)).toEqual([
      'draft.frequency.kind',
    ]);

    // PATCH: the draft is checked against the experience's type, paths from `draft`.
    const wrongType = await call('PATCH', `/${e.id}`, {
      draft: { frequency: null, content: { steps: [{ title: 'ok' }, { title: 7 }] } },
    });
    expect(wrongType.status).toBe(422);
    expect((await errorOf(wrongType)).details.issues!.map((i) => i.path)).toEqual([
      'draft.frequency',
      'draft.content.steps.1.title',
    ]);
    // Strict drafts: an unknown key anywhere is 422 parameter_unknown naming its dotted path, on create and
    // update alike, before any other issue of the draft.
    const colour = { content: { steps: [{ title: 'a', colour: 'red' }, { title: 7 }] } };
    for (const res of [
      await call('POST', '', { ...tour, draft: colour }),
      await call('PATCH', `/${e.id}`, { draft: colour }),
    ]) {
      expect(res.status).toBe(422);
      const error = (await res.json()) as {
        error: { code: string; message: string; details: Record<string, unknown> };
      };
      expect(error.error).toMatchObject({
        code: 'parameter_unknown',
        message: 'Received unknown parameter: draft.content.steps.0.colour.',
        details: { parameter: 'draft.content.steps.0.colour', location: 'body' },
      });
    }
    const nearMiss = await call('PATCH', `/${e.id}`, {
      draft: { targeting: { pages: { Include: [] } }, content: { steps: [] } },
    });
    expect((await nearMiss.json()) as unknown).toMatchObject({
      error: {
        code: 'parameter_unknown',
        message:
          'Received unknown parameter: draft.targeting.pages.Include. Did you mean draft.targeting.pages.include?',
      },
    });
    for (const body of [
      { draft: {}, colour: 1 },
      { name: 'x', Slug: 'y' },
    ]) {
      const res = await call('PATCH', `/${e.id}`, body);
      expect((await errorOf(res)).code).toBe('parameter_unknown');
    }
    const updated = await dataOf<PortalExperience>(
      await call('PATCH', `/${e.id}`, {
        name: 'Welcome, again',
        slug: 'welcome',
        draft: { content: { steps: [{ ...steps[1], title: 'Projects!' }, { title: 'New' }] } },
      }),
    );
    const kept = updated.draft.content.steps as { id: string; title: string }[];
    expect(kept[0]).toMatchObject({ id: steps[1]!.id, title: 'Projects!' });
    expect(updated).toMatchObject({ slug: 'welcome', status: 'draft' });
    const taken = await call('POST', '', { ...tour, slug: 'welcome' });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('slug_taken');

    const archived = await call('POST', `/${e.id}/archive`, {});
    expect(await dataOf<PortalExperience>(archived)).toMatchObject({ status: 'archived' });
    for (const [method, path, body] of [
      ['PATCH', `/${e.id}`, { name: 'No' }],
      ['POST', `/${e.id}/publish`, {}],
    ] as const) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect((await errorOf(res)).code).toBe('experience_archived');
    }
    expect(await events()).toEqual([]); // nothing was ever published
  });

  it('every targeting condition the console edits round-trips; a broken one is 422 naming its field path', async () => {
    const db = getDb();
    const { call } = await setup(db);
    const e = await dataOf<PortalExperience>(await call('POST', '', tour));
    const targeting = {
      pages: { include: [{ match: 'prefix', value: '/app' }], exclude: [] },
      audience: 'identified',
      attributes: [
        { key: 'plan', op: 'equals', value: 'pro' },
        { key: 'seats', op: 'greater_than', value: 5 },
        { key: 'beta', op: 'not_equals', value: true },
        { key: 'company', op: 'exists' },
      ],
      events: [
        { name: 'signed_up', did: true, at_least: 2, within_days: 30 },
        { name: 'invoice.exported', did: false },
      ],
      elements: [
        { selector: '#billing', present: true },
        { selector: '.paywall', present: false },
      ],
      triggers: { custom_event: 'pricing_viewed', time_on_page_seconds: 10, scroll_depth_percent: 50 },
      window: { starts_at: null, ends_at: null },
      priority: 3,
    };
    const draft = (t: unknown) => ({
      draft: { targeting: t, frequency: { kind: 'once' }, content: tour.draft.content },
    });
    const saved = await call('PATCH', `/${e.id}`, draft(targeting));
    expect(saved.status).toBe(200);
    expect((await dataOf<PortalExperience>(saved)).draft.targeting).toEqual(targeting);

    // Shapes the schema refuses: each issue names its path under draft.targeting.
    const badShape = await call(
      'PATCH',
      `/${e.id}`,
      draft({
        ...targeting,
        events: [{ name: 'Signed Up', did: true, within_days: 0 }],
        elements: [{ selector: '', present: true }],
        triggers: { scroll_depth_percent: 101 },
      }),
    );
    expect(badShape.status).toBe(422);
    expect((await errorOf(badShape)).details.issues!.map((i) => i.path).sort()).toEqual([
      'draft.targeting.elements.0.selector',
      'draft.targeting.events.0.name',
      'draft.targeting.events.0.within_days',
      'draft.targeting.triggers.scroll_depth_percent',
    ]);
    // Rules of the domain: a reserved event name, a comparison with text, a missing value.
    const badRule = await call(
      'PATCH',
      `/${e.id}`,
      draft({
        ...targeting,
        attributes: [
          { key: 'seats', op: 'less_than', value: 'five' },
          { key: 'plan', op: 'equals' },
        ],
        events: [{ name: 'service.login', did: true }],
        triggers: { custom_event: 'service:ping' },
      }),
    );
    expect(badRule.status).toBe(422);
    expect((await errorOf(badRule)).details.issues!.map((i) => `${i.path} ${i.code}`)).toEqual([
      'draft.targeting.attributes.0.value number',
      'draft.targeting.attributes.1.value required',
      'draft.targeting.events.0.name reserved_prefix',
      'draft.targeting.triggers.custom_event reserved_prefix',
    ]);
  });

  it('publish freezes a version, unpublish and archive end it; each announces once; audit entries', async () => {
    const db = getDb();
    const { ws, call, events } = await setup(db);
    const e = await dataOf<PortalExperience>(await call('POST', '', tour));
    const emptyTour = await dataOf<PortalExperience>(await call('POST', '', { type: 'tour', name: 'Empty' }));
    const refused = await call('POST', `/${emptyTour.id}/publish`, {});
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).details).toMatchObject({
      location: 'draft',
      issues: [{ path: 'draft.content.steps', code: 'required' }],
    });

    const first = await call('POST', `/${e.id}/publish`, {}, undefined, { 'Idempotency-Key': 'pub-1' });
    const v1 = await dataOf<PortalExperience>(first);
    expect(v1).toMatchObject({ status: 'published' });
    expect(v1.published_definition).toEqual(v1.draft);
    const replay = await call('POST', `/${e.id}/publish`, {}, undefined, { 'Idempotency-Key': 'pub-1' });
    expect((await dataOf<PortalExperience>(replay)).live_version_id).toBe(v1.live_version_id);
    const v2 = await dataOf<PortalExperience>(await call('POST', `/${e.id}/publish`, {}));
    expect(v2.live_version_id).not.toBe(v1.live_version_id);

    const off = await dataOf<PortalExperience>(await call('POST', `/${e.id}/unpublish`, {}));
    expect(off).toMatchObject({ status: 'draft', live_version_id: null, published_definition: null });
    expect(await dataOf<PortalExperience>(await call('POST', `/${e.id}/unpublish`, {}))).toEqual(off);
    await call('POST', `/${e.id}/publish`, {});
    const archived = await dataOf<PortalExperience>(await call('POST', `/${e.id}/archive`, {}));
    expect(archived).toMatchObject({ status: 'archived', live_version_id: null });
    expect(archived.archived_at).not.toBeNull();

    expect((await events()).map((x) => [x.type, x.data.version_id])).toEqual([
      ['experience.published', v1.live_version_id],
      ['experience.published', v2.live_version_id],
      ['experience.unpublished', v2.live_version_id],
      ['experience.published', expect.any(String)],
      ['experience.unpublished', expect.any(String)],
    ]);
    const audit = await db.query<{ action: string; actor_type: string; target_id: string }>(
      `select action, actor_type, target_id from audit_log where workspace_id = $1 and action like 'experience.%' order by id`,
      [ws.id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'experience.published',
      'experience.published',
      'experience.unpublished',
      'experience.published',
      'experience.archived',
    ]);
    expect(new Set(audit.map((a) => `${a.actor_type} ${a.target_id}`))).toEqual(new Set([`user ${e.id}`]));
  });

  it('lists newest first with cursors and filters; reads one; another workspace’s id is 404', async () => {
    const db = getDb();
    const { t, call } = await setup(db);
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C'])
      ids.push((await dataOf<PortalExperience>(await call('POST', '', { type: 'tour', name }))).id);
    const banner = await dataOf<PortalExperience>(
      await call('POST', '', { type: 'banner', name: 'Sale', draft: { content: { message: 'Sale' } } }),
    );
    const page1 = (await (await call('GET', '?limit=2')).json()) as {
      meta: { next_cursor: string };
      data: { id: string; archived_at: null }[];
    };
    expect(page1.data.map((x) => x.id)).toEqual([banner.id, ids[2]]);
    expect(Object.keys(page1.data[0]!).sort()).toEqual(
      [
        'archived_at',
        'created_at',
        'id',
        'live_version_id',
        'name',
        'slug',
        'status',
        'type',
        'updated_at',
      ].sort(),
    );
    const page2 = (await (await call('GET', `?limit=2&cursor=${page1.meta.next_cursor}`)).json()) as {
      meta: { next_cursor: string | null };
      data: { id: string }[];
    };
    expect(page2.data.map((x) => x.id)).toEqual([ids[1], ids[0]]);
    expect(page2.meta.next_cursor).toBeNull();
    const banners = (await (await call('GET', '?type=banner')).json()) as { data: { id: string }[] };
    expect(banners.data.map((x) => x.id)).toEqual([banner.id]);
    expect((await call('GET', '?status=gone')).status).toBe(422);
    const one = await dataOf<PortalExperience>(await call('GET', `/${banner.id}`));
    expect(one.draft.content).toMatchObject({ message: 'Sale', placement: 'top', dismissible: true });

    const other = await setup(db, t);
    for (const [method, path, body] of [
      ['GET', `/${banner.id}`, undefined],
      ['PATCH', `/${banner.id}`, { name: 'Mine' }],
      ['POST', `/${banner.id}/publish`, {}],
      ['POST', `/${banner.id}/unpublish`, {}],
      ['POST', `/${banner.id}/archive`, {}],
    ] as const) {
      expect((await other.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
  });

  it('needs experiences.manage (a member gets 403), a membership (403), and the flag (404 when off)', async () => {
    const db = getDb();
    const { t, ws, call } = await setup(db);
    const e = await dataOf<PortalExperience>(await call('POST', '', tour));
    const member = await signIn(t, (await makeMember(db, ws.id, 'member')).email, TEST_PASSWORD);
    const admin = await signIn(t, (await makeMember(db, ws.id, 'admin')).email, TEST_PASSWORD);
    const stranger = await setup(db, t);
    const ops = [
      ['POST', '', tour],
      ['GET', '', undefined],
      ['GET', `/${e.id}`, undefined],
      ['PATCH', `/${e.id}`, { name: 'X' }],
      ['POST', `/${e.id}/publish`, {}],
      ['POST', `/${e.id}/unpublish`, {}],
      ['POST', `/${e.id}/archive`, {}],
    ] as const;
    for (const [method, path, body] of ops) {
      const denied = await call(method, path, body, member);
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(denied)).code).toBe('permission_denied');
      const foreign = await call(method, path, body, stranger.s);
      expect(foreign.status, `${method} ${path}`).toBe(403);
    }
    expect((await call('GET', `/${e.id}`, undefined, admin)).status).toBe(200);
    await setFlag(db, ws.id, 'feature.experiences.core', false, new Date());
    for (const [method, path, body] of ops) {
      await expect.poll(async () => (await call(method, path, body)).status, { timeout: 5000 }).toBe(404);
    }
  });
});
