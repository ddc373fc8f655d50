import { expect, it } from 'vitest';
import type { Db } from '../../../server-core/db/db';
import { setFlag } from '../../../server-core/flags/flags';
import { type RealtimeEnvelope, WIDGET_REALTIME_CHANNEL } from '../../../server-core/realtime/notify-widgets';
import { describeDb } from '../../../server-core/testing/db';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { dispatchEvents } from '../../../server-core/webhooks/dispatch-events';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { apiWorkspace } from '../../testing/api';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';

interface Session {
  id: string;
  experience_id: string;
  version_id: string;
  state: string;
  end_reason: string | null;
  current_step_id: string | null;
  progress: number;
}
interface Authored {
  id: string;
  live_version_id: string;
  draft: { content: { steps?: { id: string }[]; sections?: { items: { id: string }[] }[] } };
}
const dataOf = async <T>(res: Response) => {
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function setup(db: Db, t: TestApp) {
  const ws = await apiWorkspace(t, db);
  const owner = await signIn(t, ws.ownerEmail, ws.ownerPassword);
  const portal = (method: string, path: string, body: unknown = {}) =>
    t.app.request(`/api/v1/workspaces/${ws.workspaceId}/experiences${path}`, {
      method,
      ...json(body, owner.headers),
    });
  const author = async (body: unknown) => {
    const created = await dataOf<Authored>(await portal('POST', '', body));
    return dataOf<Authored>(await portal('POST', `/${created.id}/publish`));
  };
  const visitor = async () => {
    const res = await t.app.request(`/widget/boot?website_id=${ws.websiteId}`);
    const token = ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
    const call = (method: string, path: string, body?: unknown) =>
      t.app.request(path, {
        method,
        ...(body === undefined
          ? { headers: { Authorization: `Bearer ${token}` } }
          : json(body, { Authorization: `Bearer ${token}` })),
      });
    return { token, call };
  };
  const identify = async (v: Awaited<ReturnType<typeof visitor>>, email: string) => {
    const rotated = await t.app.request(`/api/v1/workspaces/${ws.workspaceId}/widget/identity-secret`, {
      headers: owner.headers,
    });
    let secret: string | null = null;
    if (!((await rotated.json()) as { data: { configured: boolean } }).data.configured) {
      const r = await t.app.request(`/api/v1/workspaces/${ws.workspaceId}/widget/identity-secret/rotate`, {
        method: 'POST',
        headers: owner.headers,
      });
      secret = ((await r.json()) as { data: { secret: string } }).data.secret;
      identitySecret = secret;
    }
    const res = await v.call('POST', '/widget/identify', {
      email,
      hmac: identityHmac(identitySecret!, email),
    });
    expect(res.status).toBe(200);
  };
  let identitySecret: string | null = null;
  const outbox = async (type: string) =>
    db.query<{ data: Record<string, unknown> }>(
      'select data from outbox where workspace_id = $1 and type = $2 order by id',
      [ws.workspaceId, type],
    );
  return { ws, portal, author, visitor, identify, outbox };
}

const tourBody = {
  type: 'tour',
  name: 'Welcome tour',
  draft: {
    content: {
      steps: [
        { title: 'One' },
        { title: 'Two', target: { selector: '#two' } },
        { title: 'Three' },
        { title: 'Four' },
      ],
      feedback: { enabled: true, question: 'Useful?' },
    },
  },
};

describeDb('widget tours and sessions', (getDb) => {
  it('end to end: author and publish, open through the widget, advance, complete with feedback; the API shows it', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, author, visitor, identify, outbox } = await setup(db, t);
    const endpoint = await createWebhookEndpoint(
      ws.ctx,
      { box: t.services.box, policy: { allowHosts: [] } },
      { url: 'https://hooks.example.com/in', events: ['experience.started', 'experience.completed'] },
    );
    const tour = await author(tourBody);
    const steps = tour.draft.content.steps!;
    const ada = await visitor();
    await identify(ada, 'ada@example.com');

    const got = await dataOf<Record<string, unknown>>(
      await ada.call('GET', `/widget/experiences/tours/${tour.id}`),
    );
    expect(got).toMatchObject({
      experience_id: tour.id,
      version_id: tour.live_version_id,
      name: 'Welcome tour',
    });
    expect(got.feedback).toEqual({ enabled: true, question: 'Useful?' });
    expect((got.steps as { id: string }[]).map((s) => s.id)).toEqual(steps.map((s) => s.id));

    const opened = await ada.call('POST', `/widget/experiences/${tour.live_version_id}/sessions`, {
      url: 'https://app.example.com/start',
      trigger: 'start',
    });
    expect(opened.status).toBe(201);
    const session = await dataOf<Session>(opened);
    expect(session).toMatchObject({
      experience_id: tour.id,
      state: 'active',
      progress: 0,
      current_step_id: null,
    });
    const path = `/widget/experiences/${tour.live_version_id}/sessions/${session.id}`;
    const moved = await dataOf<Session>(
      await ada.call('PATCH', path, { step_id: steps[1]!.id, url: 'https://app.example.com/two' }),
    );
    expect(moved).toMatchObject({ current_step_id: steps[1]!.id, progress: 0.5 });
    const badStep = await ada.call('PATCH', path, { step_id: 'nope' });
    expect(badStep.status).toBe(422);
    t.clock.advance(30_000);
    const done = await dataOf<Session>(
      await ada.call('PATCH', path, { end: 'completed', feedback: { rating: 5, comment: 'Great tour' } }),
    );
    expect(done).toMatchObject({ state: 'completed', end_reason: 'completed', progress: 1 });
    expect(await dataOf<Session>(await ada.call('PATCH', path, { end: 'dismissed' }))).toEqual(done);

    const contact = (await outbox('experience.started'))[0]!.data.contact_id as string;
    expect(contact).toMatch(/^[0-9a-z]{26}$/);
    const rows = (await (await ws.call(`/api/v1/experiences/${tour.id}/progress`)).json()) as {
      data: Record<string, unknown>[];
    };
    expect(rows.data).toEqual([
      expect.objectContaining({
        session_id: session.id,
        contact_id: contact,
        contact_email: 'ada@example.com',
        version_id: tour.live_version_id,
        state: 'completed',
        end_reason: 'completed',
        progress: 1,
        current_step_cvid: steps[1]!.id,
        last_url: 'https://app.example.com/two',
      }),
    ]);
    const ledger = (await (await ws.call(`/api/v1/contacts/${contact}/experiences`)).json()) as {
      data: Record<string, unknown>[];
    };
    expect(ledger.data).toEqual([
      expect.objectContaining({ experience_id: tour.id, state: 'completed', progress: 1 }),
    ]);
    const [feedback] = await db.query<{ feedback_rating: number; feedback_comment: string }>(
      'select feedback_rating, feedback_comment from experience_sessions where workspace_id = $1 and id = $2',
      [ws.workspaceId, session.id],
    );
    expect(feedback).toEqual({ feedback_rating: 5, feedback_comment: 'Great tour' });

    // Each event exactly once, through the dispatcher's allowlist: the rating goes out, the comment never.
    expect(await outbox('experience.started')).toHaveLength(1);
    expect(await outbox('experience.completed')).toHaveLength(1);
    expect((await dispatchEvents(db, t.clock.now())).dropped).toEqual([]);
    const bodies = await db.query<{ body: string }>(
      'select body from webhook_deliveries where workspace_id = $1 and endpoint_id = $2 order by id',
      [ws.workspaceId, endpoint.endpoint.id],
    );
    const data = bodies.map((b) => JSON.parse(b.body) as { type: string; data: Record<string, unknown> });
    expect(data.map((d) => d.type)).toEqual(['experience.started', 'experience.completed']);
    expect(data[0]!.data).toEqual({
      experience_id: tour.id,
      type: 'tour',
      version_id: tour.live_version_id,
      session_id: session.id,
      trigger: 'start',
      contact_id: contact,
      widget_visitor_id: expect.any(String),
      started_at: expect.any(String),
    });
    expect(data[1]!.data).toMatchObject({ session_id: session.id, feedback_rating: 5, contact_id: contact });
    expect(bodies.map((b) => b.body).join()).not.toContain('Great tour');
  });

  it('opening stores the visitor; only live tours, programs and surveys; another visitor’s session is 404', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, portal, author, visitor } = await setup(db, t);
    const tour = await author(tourBody);
    const banner = await author({ type: 'banner', name: 'Sale', draft: { content: { message: 'Sale!' } } });
    const ann = await visitor();
    const stored = async () =>
      (await db.query('select 1 from widget_visitors where workspace_id = $1', [ws.workspaceId])).length;
    expect((await ann.call('GET', `/widget/experiences/tours/${banner.id}`)).status).toBe(404);
    const sessionless = await ann.call('POST', `/widget/experiences/${banner.live_version_id}/sessions`, {
      url: 'https://a.example.com/',
    });
    expect(sessionless.status).toBe(409);
    expect(await codeOf(sessionless)).toBe('not_sessioned');
    expect(await stored()).toBe(0); // refusals write nothing
    const session = await dataOf<Session>(
      await ann.call('POST', `/widget/experiences/${tour.live_version_id}/sessions`, {
        url: 'https://a.example.com/',
      }),
    );
    expect(await stored()).toBe(1);
    const bob = await visitor();
    const path = `/widget/experiences/${tour.live_version_id}/sessions/${session.id}`;
    expect((await bob.call('PATCH', path, { end: 'dismissed' })).status).toBe(404);
    expect(
      (await bob.call('GET', `/widget/experiences/tours/${tour.id}?version_id=${tour.live_version_id}`))
        .status,
    ).toBe(200);

    // A republish: new sessions open on the new version; the running one keeps its own, and its tour.
    await portal('PATCH', `/${tour.id}`, { draft: { content: { steps: [{ title: 'Only' }] } } });
    const v2 = await dataOf<Authored>(await portal('POST', `/${tour.id}/publish`));
    expect(
      (
        await ann.call('POST', `/widget/experiences/${tour.live_version_id}/sessions`, {
          url: 'https://a.example.com/',
        })
      ).status,
    ).toBe(404);
    const old = await dataOf<{ steps: unknown[] }>(
      await ann.call('GET', `/widget/experiences/tours/${tour.id}?version_id=${tour.live_version_id}`),
    );
    expect(old.steps).toHaveLength(4);
    expect(
      (await bob.call('GET', `/widget/experiences/tours/${tour.id}?version_id=${tour.live_version_id}`))
        .status,
    ).toBe(404);
    expect((await bob.call('GET', `/widget/experiences/tours/${tour.id}`)).status).toBe(200);
    const step = tour.draft.content.steps![3]!.id;
    expect(await dataOf<Session>(await ann.call('PATCH', path, { step_id: step }))).toMatchObject({
      progress: 1,
    });
    expect(v2.live_version_id).not.toBe(tour.live_version_id);

    // Unpublish: the running session ends (unpublished), the widgets are told, the tour is gone.
    const heard: RealtimeEnvelope[] = [];
    const unlisten = await db.listen(WIDGET_REALTIME_CHANNEL, (p) => {
      const envelope = JSON.parse(p) as RealtimeEnvelope;
      if (envelope.w === ws.workspaceId) heard.push(envelope);
    });
    await portal('POST', `/${tour.id}/unpublish`);
    await expect
      .poll(() => heard.map((h) => h.m), { timeout: 5000 })
      .toEqual([{ type: 'experience.unpublished', experience_id: tour.id }]);
    await unlisten();
    expect(await dataOf<Session>(await ann.call('PATCH', path, { step_id: step }))).toMatchObject({
      state: 'ended',
      end_reason: 'unpublished',
    });
    expect((await ann.call('GET', `/widget/experiences/tours/${tour.id}`)).status).toBe(404);
    expect(
      (
        await db.query(`select 1 from outbox where workspace_id = $1 and type = 'experience.completed'`, [
          ws.workspaceId,
        ])
      ).length,
    ).toBe(0);
  });

  it('program items from two browsers of one contact: one session, done is final, completion, another tab told', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, author, visitor, identify, outbox } = await setup(db, t);
    const tour = await author(tourBody);
    const program = await author({
      type: 'program',
      name: 'Onboarding',
      draft: {
        content: {
          sections: [
            {
              title: 'Start',
              items: [
                { title: 'Take the tour', kind: 'tour', tour_id: tour.id },
                { title: 'Read the docs', kind: 'url', url: '/docs' },
              ],
            },
          ],
        },
      },
    });
    const [tourItem, docsItem] = program.draft.content.sections![0]!.items;
    const laptop = await visitor();
    const phone = await visitor();
    await identify(laptop, 'grace@example.com');
    await identify(phone, 'grace@example.com');
    const open = (v: typeof laptop) =>
      v.call('POST', `/widget/experiences/${program.live_version_id}/sessions`, {
        url: 'https://a.example.com/',
        trigger: 'auto',
      });
    const first = await open(laptop);
    expect(first.status).toBe(201);
    const session = await dataOf<Session>(first);
    const again = await open(phone);
    expect(again.status).toBe(200);
    expect((await dataOf<Session>(again)).id).toBe(session.id);

    const heard: RealtimeEnvelope[] = [];
    const unlisten = await db.listen(WIDGET_REALTIME_CHANNEL, (p) => {
      const envelope = JSON.parse(p) as RealtimeEnvelope;
      if (envelope.w === ws.workspaceId) heard.push(envelope);
    });
    const item = (v: typeof laptop, id: string, state: string) =>
      v.call('POST', `/widget/experiences/${program.live_version_id}/sessions/${session.id}/items/${id}`, {
        state,
      });
    expect(await dataOf(await item(phone, tourItem!.id, 'in_progress'))).toEqual({
      item_id: tourItem!.id,
      state: 'in_progress',
      done: 0,
      total: 2,
      progress: 0,
    });
    expect(await dataOf(await item(laptop, tourItem!.id, 'done'))).toMatchObject({ done: 1, progress: 0.5 });
    const undo = await item(phone, tourItem!.id, 'todo');
    expect(undo.status).toBe(409);
    expect(await codeOf(undo)).toBe('program_item_done');
    expect((await item(laptop, 'not-an-item', 'done')).status).toBe(404);
    const stranger = await visitor();
    expect((await item(stranger, docsItem!.id, 'done')).status).toBe(404);
    expect(await dataOf(await item(laptop, docsItem!.id, 'skipped'))).toMatchObject({
      done: 2,
      total: 2,
      progress: 1,
    });
    const ended = await item(laptop, docsItem!.id, 'todo');
    expect(ended.status).toBe(409);
    expect(await codeOf(ended)).toBe('session_not_active');

    await expect.poll(() => heard.length, { timeout: 5000 }).toBe(4);
    await unlisten();
    expect(
      heard.map((h) => [
        h.m.type,
        'state' in h.m ? h.m.state : h.m.type === 'session.ended' ? h.m.end_reason : null,
      ]),
    ).toEqual([
      ['program.item', 'in_progress'],
      ['program.item', 'done'],
      ['program.item', 'skipped'],
      ['session.ended', 'completed'],
    ]);
    expect(heard.every((h) => typeof h.c === 'string')).toBe(true); // to the contact's every browser

    expect((await outbox('program.item_completed')).map((e) => [e.data.item_id, e.data.item_kind])).toEqual([
      [tourItem!.id, 'tour'],
    ]);
    expect(await outbox('experience.completed')).toHaveLength(1);
    expect(await outbox('experience.started')).toHaveLength(1);
    const rows = (await (await ws.call(`/api/v1/experiences/${program.id}/progress`)).json()) as {
      data: Record<string, unknown>[];
    };
    expect(rows.data).toEqual([
      expect.objectContaining({
        session_id: session.id,
        state: 'completed',
        items_done: 2,
        items_total: 2,
        progress: 1,
      }),
    ]);
  });

  it('dark while feature.experiences.core is off; another workspace’s ids are 404 on every operation', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const mine = await setup(db, t);
    const theirs = await setup(db, t);
    const tour = await mine.author(tourBody);
    const program = await mine.author({
      type: 'program',
      name: 'P',
      draft: { content: { sections: [{ items: [{ title: 'Docs', kind: 'url', url: '/docs' }] }] } },
    });
    const me = await mine.visitor();
    const session = await dataOf<Session>(
      await me.call('POST', `/widget/experiences/${program.live_version_id}/sessions`, {
        url: 'https://a.example.com/',
      }),
    );
    const itemId = program.draft.content.sections![0]!.items[0]!.id;
    const ops = [
      ['GET', `/widget/experiences/tours/${tour.id}`, undefined],
      ['POST', `/widget/experiences/${tour.live_version_id}/sessions`, { url: 'https://a.example.com/' }],
      [
        'PATCH',
        `/widget/experiences/${program.live_version_id}/sessions/${session.id}`,
        { url: 'https://a.example.com/b' },
      ],
      [
        'POST',
        `/widget/experiences/${program.live_version_id}/sessions/${session.id}/items/${itemId}`,
        { state: 'done' },
      ],
    ] as const;
    const outsider = await theirs.visitor();
    for (const [method, path, body] of ops) {
      const res = await outsider.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    await setFlag(db, mine.ws.workspaceId, 'feature.experiences.core', false, new Date());
    for (const [method, path, body] of ops) {
      await expect.poll(async () => (await me.call(method, path, body)).status, { timeout: 5000 }).toBe(404);
    }
    expect((await me.call('GET', '/widget/experiences/tours/not-a-ulid')).status).toBe(404);
  });
});
