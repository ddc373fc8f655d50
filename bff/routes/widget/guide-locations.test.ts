import { expect, it } from 'vitest';
import type { ShareMode } from '../../../server-core/content/audience';
import { createGuide } from '../../../server-core/content/create-guide';
import { publishGuide } from '../../../server-core/content/publish-guide';
import { stepInput } from '../../../server-core/content/step-input';
import { setFlag } from '../../../server-core/flags/flags';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { letterEmbedder } from '../../../server-core/testing/letter-embedder';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { dispatchEvents } from '../../../server-core/webhooks/dispatch-events';
import { json, makeTestApp, type TestApp } from '../../testing/services';

const element = (selector: string) => ({
  selector_candidates: [selector],
  role: 'button',
  name: 'Secret project Falcon',
  tag: 'button',
  bounding_box: { x: 1, y: 2, w: 3, h: 4 },
  dom_path_hash: null,
  nearest_landmark: 'main',
  source: null,
  ancestors: [],
});

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; details: Record<string, unknown> } }).error;

describeDb('widget guide location reports (widgetReportGuideLocation)', (getDb) => {
  const setup = async (t: TestApp) => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id, t.clock);
    const guide = async (share_mode: ShareMode = 'public', publish = true, wsCtx = ctx) => {
      const g = await createGuide(wsCtx, {
        title: 'Invite a teammate',
        description: null,
        share_mode,
        language: 'en',
        brand_profile_id: null,
        brand: null,
        capture_session_id: null,
        capture: null,
        steps: [
          stepInput('Open the Falcon settings.', { element: element('#falcon-settings') }),
          stepInput('Press Invite.', { element: element('#invite') }),
        ],
      });
      if (publish) await publishGuide(wsCtx, g.id, { embedder: letterEmbedder });
      return { id: g.id, steps: g.steps.map((s) => s.id) };
    };
    const visitor = async (websiteId = ws.website_id) => {
      const res = await t.app.request(`/widget/boot?website_id=${websiteId}`);
      const token = ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
      const auth = { Authorization: `Bearer ${token}` };
      return {
        report: (guideId: string, body: unknown) =>
          t.app.request(`/widget/guides/${guideId}/locations`, { method: 'POST', ...json(body, auth) }),
        get: async (guideId: string) =>
          (
            (await (await t.app.request(`/widget/guides/${guideId}`, { headers: auth })).json()) as {
              data: { steps: { id: string; drifted: boolean }[] };
            }
          ).data,
      };
    };
    return { db, ws, ctx, guide, visitor };
  };

  it('three visitors missing a step drift the guide, a find clears it; the events reach a webhook endpoint with ids and times only', async () => {
    const t = makeTestApp(getDb());
    const { db, ws, ctx, guide, visitor } = await setup(t);
    const endpoint = await createWebhookEndpoint(
      ctx,
      { box: t.services.box, policy: { allowHosts: [] } },
      { url: 'https://hooks.example.com/in', events: ['guide.drifted', 'guide.drift_cleared'] },
    );
    const g = await guide();
    const [step] = g.steps;
    const visitors = [await visitor(), await visitor(), await visitor()];
    for (const [i, v] of visitors.entries()) {
      // The ids in either case, as the contract accepts them.
      const res = await v.report(g.id.toUpperCase(), { step_id: step!.toUpperCase(), found: false });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect((await v.get(g.id)).steps.map((s) => s.drifted)).toEqual([i === 2, false]);
    }
    t.clock.advance(60_000);
    expect((await visitors[0]!.report(g.id, { step_id: step, found: true })).status).toBe(204);
    expect((await visitors[0]!.get(g.id)).steps.map((s) => s.drifted)).toEqual([false, false]);

    expect((await dispatchEvents(db, t.clock.now())).dropped).toEqual([]);
    const bodies = await db.query<{ body: string }>(
      'select body from webhook_deliveries where workspace_id = $1 and endpoint_id = $2 order by id',
      [ws.id, endpoint.endpoint.id],
    );
    const sent = bodies.map((b) => JSON.parse(b.body) as { type: string; data: Record<string, unknown> });
    expect(sent.map((e) => ({ type: e.type, data: e.data }))).toEqual([
      {
        type: 'guide.drifted',
        data: { guide_id: g.id, step_ids: [step], drifted_at: expect.stringMatching(/Z$/) },
      },
      { type: 'guide.drift_cleared', data: { guide_id: g.id, cleared_at: expect.stringMatching(/Z$/) } },
    ]);
    const text = bodies.map((b) => b.body).join('\n');
    for (const leak of ['Falcon', 'falcon-settings', 'Invite', 'http'])
      expect(text, leak).not.toContain(leak);
  });

  it('refuses what is not a report of a visible guide: 401, 422 for other fields, 404 for guides the visitor cannot walk through', async () => {
    const t = makeTestApp(getDb());
    const { db, guide, visitor } = await setup(t);
    const g = await guide('public');
    const other = await guide('public');
    const privateGuide = await guide('private');
    const customers = await guide('customers');
    const draft = await guide('public', false);
    const elsewhere = await makeWorkspace(db);
    const foreign = await guide('public', true, testCtx(db, elsewhere.id, t.clock));
    const v = await visitor();

    const noToken = await t.app.request(`/widget/guides/${g.id}/locations`, {
      method: 'POST',
      ...json({ step_id: g.steps[0], found: false }),
    });
    expect(noToken.status).toBe(401);
    const extra = await v.report(g.id, {
      step_id: g.steps[0],
      found: false,
      url: 'https://app.example.com/',
    });
    expect(extra.status).toBe(422);
    expect((await errorOf(extra)).code).toBe('parameter_unknown');
    for (const body of [{ step_id: g.steps[0] }, { step_id: 'nope', found: true }, { found: 'yes' }]) {
      expect((await v.report(g.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    for (const [guideId, stepId] of [
      [privateGuide.id, privateGuide.steps[0]],
      [customers.id, customers.steps[0]],
      [draft.id, draft.steps[0]],
      [foreign.id, foreign.steps[0]],
      [g.id, other.steps[0]],
      ['01jd2m7r3x8k9q4w5e6t7y8v9a', g.steps[0]],
      ['not-a-ulid', g.steps[0]],
    ] as [string, string][]) {
      const res = await v.report(guideId, { step_id: stepId, found: false });
      expect(res.status, `${guideId} ${stepId}`).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    // The other workspace's visitor reaches its own guide.
    expect(
      (
        await (
          await visitor(elsewhere.website_id)
        ).report(foreign.id, { step_id: foreign.steps[0], found: false })
      ).status,
    ).toBe(204);
  });

  it('is dark (404 as an unknown route) while feature.walkthrough.player is off', async () => {
    const t = makeTestApp(getDb());
    const { db, ws, guide, visitor } = await setup(t);
    const g = await guide();
    const v = await visitor();
    const report = () => v.report(g.id, { step_id: g.steps[0], found: false });
    expect((await report()).status).toBe(204);
    await setFlag(db, ws.id, 'feature.walkthrough.player', false, new Date());
    await expect.poll(async () => (await report()).status, { timeout: 6000 }).toBe(404);
    expect((await errorOf(await report())).code).toBe('not_found');
    await setFlag(db, ws.id, 'feature.walkthrough.player', true, new Date());
    await expect.poll(async () => (await report()).status, { timeout: 6000 }).toBe(204);
  });

  it('at most 60 reports a minute per visitor: 429 rate_limited with Retry-After', async () => {
    const t = makeTestApp(getDb());
    const { guide, visitor } = await setup(t);
    const g = await guide();
    const v = await visitor();
    for (let i = 0; i < 60; i++) {
      expect((await v.report(g.id, { step_id: g.steps[1], found: i % 2 === 0 })).status).toBe(204);
    }
    const refused = await v.report(g.id, { step_id: g.steps[1], found: true });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('rate_limited');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another visitor is not held back.
    expect((await (await visitor()).report(g.id, { step_id: g.steps[1], found: true })).status).toBe(204);
  });
});
