import { expect, it } from 'vitest';
import { addOperatorVerifiedDomain } from '../../../server-core/automation/add-operator-verified-domain';
import type { Db } from '../../../server-core/db/db';
import { PREVIEW_TTL_MS } from '../../../server-core/experiences/preview/preview-token';
import { describeDb } from '../../../server-core/testing/db';
import { step, targeting, tourDefinition } from '../../../server-core/testing/experiences';
import { makeMember, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import {
  announcementDefinition,
  bannerDefinition,
  launcherDefinition,
  surveyDefinition,
  trackerDefinition,
} from '../../../server-core/testing/visible-experiences';
import { apiWorkspace } from '../../testing/api';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';

interface Authored {
  id: string;
  live_version_id: string | null;
}
interface Preview {
  experience_id: string;
  url: string;
  expires_at: string;
}
interface Decision {
  launchers: { experience_id: string; version_id: string }[];
  banners: { experience_id: string; version_id: string; message: string }[];
  announcements: { unread: number; items: { experience_id: string; read: boolean }[] };
  programs: { experience_id: string }[];
  auto_start: { type: string; experience_id: string; version_id: string; triggers: object } | null;
  preview: { experience_id: string; type: string; name: string; expires_at: string } | null;
}
const dataOf = async <T>(res: Response) => {
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
};
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; details: Record<string, unknown> } }).error;

const PAGE = 'https://app.example.com/dashboard?tab=1#top';
/** Targeting no anonymous visitor on PAGE meets: another page, identified only, an element never there, a past window. */
const nowhere = targeting({
  pages: { include: [{ match: 'prefix', value: '/nowhere' }], exclude: [] },
  audience: 'identified',
  elements: [{ selector: '#never-there', present: true }],
  window: { starts_at: '2020-01-01T00:00:00.000Z', ends_at: '2020-02-01T00:00:00.000Z' },
});

async function setup(db: Db, t: TestApp = makeTestApp(db)) {
  const ws = await apiWorkspace(t, db);
  await addOperatorVerifiedDomain(db, {
    workspaceId: ws.workspaceId,
    domain: 'example.com',
    now: t.clock.now(),
    source: 'operator',
  });
  const owner = await signIn(t, ws.ownerEmail, ws.ownerPassword);
  const portal = (method: string, path: string, body: unknown = {}, headers = owner.headers) =>
    t.app.request(`/api/v1/workspaces/${ws.workspaceId}/experiences${path}`, {
      method,
      ...json(body, headers),
    });
  const draft = async (type: string, d: unknown, name = `A ${type}`) =>
    dataOf<Authored>(await portal('POST', '', { type, name, draft: d }));
  const preview = (id: string, url = PAGE, headers = owner.headers) =>
    portal('POST', `/${id}/preview`, { url }, headers);
  const tokenOf = (p: Preview) => new URL(p.url).searchParams.get('widget_preview')!;
  const visitor = async () => {
    const res = await t.app.request(`/widget/boot?website_id=${ws.websiteId}`);
    const token = ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
    return (previewToken?: string) => (method: string, path: string, body?: unknown) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (previewToken !== undefined) headers['X-Widget-Preview'] = previewToken;
      return t.app.request(
        `/widget/${path}`,
        body === undefined ? { method, headers } : { method, ...json(body, headers) },
      );
    };
  };
  const decide = async (call: (m: string, p: string) => Response | Promise<Response>) =>
    dataOf<Decision>(await call('GET', `experiences?url=${encodeURIComponent(PAGE)}`));
  /** Everything a preview must never write: sessions, seen markers, answers, beacons, outbox events. */
  const written = async () => {
    const count = async (table: string) =>
      (
        await db.query<{ n: number }>(`select count(*)::int as n from ${table} where workspace_id = $1`, [
          ws.workspaceId,
        ])
      )[0]!.n;
    return {
      sessions: await count('experience_sessions'),
      seen: await count('experience_seen'),
      answers: await count('experience_survey_answers'),
      events: (
        await db.query<{ n: number }>(
          `select count(*)::int as n from outbox where workspace_id = $1 and type not like 'experience.published'`,
          [ws.workspaceId],
        )
      )[0]!.n,
    };
  };
  return { t, ws, owner, portal, draft, preview, tokenOf, visitor, decide, written };
}

describeDb('experience preview links', (getDb) => {
  it('a draft tour: a link to the page, then that tab sees the draft forced, plays it, and nothing is written', async () => {
    const db = getDb();
    const { t, ws, draft, preview, tokenOf, visitor, decide, written } = await setup(db);
    const tour = await draft(
      'tour',
      tourDefinition({ targeting: nowhere, steps: [step('a'), step('b')] }),
      'Draft tour',
    );
    const res = await preview(tour.id);
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const p = await dataOf<Preview>(res);
    expect(p.experience_id).toBe(tour.id);
    expect(p.url).toMatch(
      /^https:\/\/app\.example\.com\/dashboard\?widget_preview=[0-9a-z]{26}\.\d+\.[\w-]{43}&tab=1#top$/,
    );
    expect(Date.parse(p.expires_at)).toBe(
      Math.ceil((t.clock.now().getTime() + PREVIEW_TTL_MS) / 1000) * 1000,
    );
    const audit = await db.query<{ action: string; target_id: string; data: Record<string, unknown> }>(
      `select action, target_id, data from audit_log where workspace_id = $1 and action = 'experience.preview_created'`,
      [ws.workspaceId],
    );
    expect(audit).toEqual([
      {
        action: 'experience.preview_created',
        target_id: tour.id,
        data: { host: 'app.example.com', expires_at: p.expires_at },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(tokenOf(p));
    const before = await written();

    const person = await visitor();
    const plain = person();
    expect((await decide(plain)).auto_start).toBeNull();
    expect((await plain('GET', `experiences/tours/${tour.id}`)).status).toBe(404);

    const tab = person(tokenOf(p));
    const d = await decide(tab);
    expect(d.auto_start).toEqual({ type: 'tour', experience_id: tour.id, version_id: tour.id, triggers: {} });
    expect(d.preview).toEqual({
      experience_id: tour.id,
      type: 'tour',
      name: 'Draft tour',
      expires_at: p.expires_at,
    });
    const played = await dataOf<{ version_id: string; steps: { id: string }[] }>(
      await tab('GET', `experiences/tours/${tour.id}`),
    );
    expect(played.version_id).toBe(tour.id);
    expect(played.steps.map((s) => s.id)).toEqual(['a', 'b']);
    const opened = await tab('POST', `experiences/${tour.id}/sessions`, { url: PAGE, trigger: 'auto' });
    expect(opened.status).toBe(201);
    const session = await dataOf<{ id: string; state: string }>(opened);
    expect(session).toMatchObject({ id: tour.id, state: 'active' });
    const path = `experiences/${tour.id}/sessions/${session.id}`;
    expect(
      (await dataOf<{ progress: number }>(await tab('PATCH', path, { url: PAGE, step_id: 'a' }))).progress,
    ).toBe(0.5);
    expect((await tab('PATCH', path, { url: PAGE, step_id: 'zzz' })).status).toBe(422);
    const ended = await dataOf<{ state: string }>(await tab('PATCH', path, { url: PAGE, end: 'completed' }));
    expect(ended.state).toBe('completed');
    // The same writes without the token are nobody's: no version has the experience's id.
    expect(
      (await plain('POST', `experiences/${tour.id}/sessions`, { url: PAGE, trigger: 'auto' })).status,
    ).toBe(404);
    expect(await written()).toEqual(before);
    // The preview is the draft every time (nothing was recorded, so no frequency holds it back).
    expect((await decide(tab)).auto_start?.experience_id).toBe(tour.id);
  });

  it("a published tour's current draft replaces its live version in the preview only", async () => {
    const db = getDb();
    const { draft, portal, preview, tokenOf, visitor, decide } = await setup(db);
    const tour = await draft('tour', tourDefinition({ steps: [step('live')] }));
    await dataOf(await portal('POST', `/${tour.id}/publish`));
    await dataOf(
      await portal('PATCH', `/${tour.id}`, { draft: tourDefinition({ steps: [step('edited')] }) }),
    );
    const person = await visitor();
    const live = await decide(person());
    expect(live.auto_start?.version_id).not.toBe(tour.id);
    const tab = person(tokenOf(await dataOf<Preview>(await preview(tour.id))));
    const d = await decide(tab);
    expect(d.auto_start).toMatchObject({ experience_id: tour.id, version_id: tour.id });
    const steps = (
      await dataOf<{ steps: { id: string }[] }>(await tab('GET', `experiences/tours/${tour.id}`))
    ).steps;
    expect(steps.map((s) => s.id)).toEqual(['edited']);
  });

  it('banner, launcher, announcement, survey and program drafts are delivered forced; their writes are answered, not stored', async () => {
    const db = getDb();
    const { draft, preview, tokenOf, visitor, decide, written } = await setup(db);
    const person = await visitor();
    const before = await written();
    const open = async (id: string) => person(tokenOf(await dataOf<Preview>(await preview(id))));

    const banner = await draft(
      'banner',
      bannerDefinition({ targeting: nowhere, content: { message: 'Draft banner' } }),
    );
    let tab = await open(banner.id);
    let d = await decide(tab);
    expect(d.banners).toEqual([
      expect.objectContaining({ experience_id: banner.id, version_id: banner.id, message: 'Draft banner' }),
    ]);
    for (const dismissed of [false, true]) {
      const seen = await tab('POST', `experiences/${banner.id}/seen`, {
        url: PAGE,
        version_id: banner.id,
        dismissed,
      });
      expect(seen.status).toBe(200);
    }
    expect((await decide(tab)).banners).toHaveLength(1); // dismissed in the preview, still previewed
    expect((await decide(person())).banners).toEqual([]);
    expect(
      (
        await tab('POST', 'beacons', {
          kind: 'banner.shown',
          url: PAGE,
          experience_id: banner.id,
          version_id: banner.id,
        })
      ).status,
    ).toBe(202);

    const launcher = await draft('launcher', launcherDefinition({ targeting: nowhere }));
    tab = await open(launcher.id);
    expect((await decide(tab)).launchers.map((l) => l.experience_id)).toEqual([launcher.id]);
    expect(
      (await tab('POST', `experiences/${launcher.id}/seen`, { url: PAGE, version_id: launcher.id })).status,
    ).toBe(200);

    const popup = await draft(
      'announcement',
      announcementDefinition({ targeting: nowhere, content: { distribution: 'popup' } }),
    );
    tab = await open(popup.id);
    d = await decide(tab);
    expect(d.auto_start).toMatchObject({ type: 'announcement', experience_id: popup.id });
    expect(d.announcements).toEqual({
      unread: 1,
      items: [expect.objectContaining({ experience_id: popup.id, read: false })],
    });

    const survey = await draft('survey', surveyDefinition({ targeting: nowhere }));
    tab = await open(survey.id);
    d = await decide(tab);
    expect(d.auto_start).toMatchObject({ type: 'survey', experience_id: survey.id, version_id: survey.id });
    const s = await dataOf<{ id: string }>(
      await tab('POST', `experiences/${survey.id}/sessions`, { url: PAGE, trigger: 'auto' }),
    );
    const answer = (question_id: string, value: unknown) =>
      tab('POST', `experiences/${survey.id}/sessions/${s.id}/answers`, { question_id, value });
    expect(await dataOf(await answer('recommend', 9))).toEqual({
      question_id: 'recommend',
      value: 9,
      completed: false,
    });
    expect((await answer('recommend', 11)).status).toBe(422);
    expect((await answer('nope', 1)).status).toBe(422);
    expect((await dataOf<{ completed: boolean }>(await answer('improve', 'More colours'))).completed).toBe(
      true,
    );

    const program = await draft('program', {
      targeting: nowhere,
      frequency: null,
      content: {
        sections: [
          {
            title: 'Start',
            items: [{ title: 'Read', description: '', kind: 'url', url: 'https://example.com/a' }],
          },
        ],
      },
    });
    tab = await open(program.id);
    d = await decide(tab);
    expect(d.programs.map((p) => p.experience_id)).toEqual([program.id]);
    const item = (d.programs[0] as unknown as { sections: { items: { id: string }[] }[] }).sections[0]!
      .items[0]!.id;
    const ps = await dataOf<{ id: string }>(
      await tab('POST', `experiences/${program.id}/sessions`, { url: PAGE, trigger: 'program' }),
    );
    expect(
      await dataOf(
        await tab('POST', `experiences/${program.id}/sessions/${ps.id}/items/${item}`, { state: 'done' }),
      ),
    ).toMatchObject({
      item_id: item,
      state: 'done',
    });
    expect(
      (await tab('POST', `experiences/${program.id}/sessions/${ps.id}/items/nope`, { state: 'done' })).status,
    ).toBe(404);

    expect(await written()).toEqual(before);
  });

  it('refuses: 403 without experiences.manage, 404 for a foreign experience, 422 for a page off the verified domains or a type without a preview', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { ws, draft, preview } = await setup(db, t);
    const other = await setup(db, t);
    const tour = await draft('tour', tourDefinition());
    const member = await signIn(t, (await makeMember(db, ws.workspaceId, 'member')).email, TEST_PASSWORD);
    const refused = await preview(tour.id, PAGE, member.headers);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('permission_denied');
    const foreign = await other.draft('tour', tourDefinition());
    expect((await preview(foreign.id)).status).toBe(404);
    for (const url of [
      'https://evil.test/dashboard',
      'https://example.com.evil.test/',
      'https://badexample.com/',
      'javascript:alert(1)//example.com',
      'ftp://example.com/',
      'https://user:pw@app.example.com/',
      '/dashboard',
    ]) {
      const res = await preview(tour.id, url);
      expect(res.status, url).toBe(422);
      expect((await errorOf(res)).details, url).toMatchObject({ field: 'url' });
    }
    expect((await preview(tour.id, `https://app.example.com/${'a'.repeat(3000)}`)).status).toBe(422);
    const tracker = await draft('tracker', trackerDefinition());
    const res = await preview(tracker.id);
    expect(res.status).toBe(422);
    expect((await errorOf(res)).details).toMatchObject({ field: 'experience', rule: 'previewable' });
  });

  it("a token is ignored in another workspace, tampered, expired, or for another experience's writes", async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const a = await setup(db, t);
    const b = await setup(db, t);
    const tour = await a.draft('tour', tourDefinition({ targeting: nowhere }));
    const other = await a.draft('banner', bannerDefinition({ targeting: nowhere }));
    const p = await dataOf<Preview>(await a.preview(tour.id));
    const token = a.tokenOf(p);
    const inB = (await b.visitor())(token);
    expect((await b.decide(inB)).preview).toBeNull();
    const person = await a.visitor();
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [tampered, `${token}x`, 'garbage', '']) {
      const d = await a.decide(person(bad));
      expect(d.preview, bad).toBeNull();
      expect(d.auto_start, bad).toBeNull();
    }
    // The token names the tour: the banner's writes under it are not preview writes.
    const tab = person(token);
    expect(
      (await tab('POST', `experiences/${other.id}/seen`, { url: PAGE, version_id: other.id })).status,
    ).toBe(404);
    t.clock.advance(PREVIEW_TTL_MS + 1000);
    const expired = await a.decide(tab);
    expect(expired.preview).toBeNull();
    expect(expired.auto_start).toBeNull();
  });
});
