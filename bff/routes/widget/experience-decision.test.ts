import { expect, it, vi } from 'vitest';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { notifyExperiencesChanged } from '../../../server-core/experiences/decision/notify-experiences-changed';
import { watchKey } from '../../../server-core/experiences/decision/watch';
import { setFlag } from '../../../server-core/flags/flags';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import {
  insertExperience,
  insertSession,
  programDefinition,
  tourDefinition,
} from '../../../server-core/testing/experiences';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { rotateIdentitySecret } from '../../../server-core/widget/identity-secret';
import { json, makeTestApp } from '../../testing/services';

interface DecisionBody {
  data: {
    launchers: unknown[];
    banners: unknown[];
    announcements: { unread: number; items: unknown[] };
    programs: { experience_id: string; sections: { items: Record<string, unknown>[] }[] }[];
    auto_start: { type: string; experience_id: string; version_id: string; triggers: object } | null;
    resume: unknown;
    watch: { key: string; selector: string }[];
  };
}

const PAGE = 'https://shop.example.com/checkout?step=2';
const onCheckout = { pages: { include: [{ match: 'prefix' as const, value: '/checkout' }], exclude: [] } };

describeDb('widget experience decision endpoints', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id, t.clock);
    const boot = async (websiteId = ws.website_id) => {
      const res = await t.app.request(`/widget/boot?website_id=${websiteId}`, {
        headers: { Origin: 'https://shop.example.com' },
      });
      return ((await res.json()) as { data: { visitor: { id: string; token: string } } }).data.visitor;
    };
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    const decision = (token: string, url: string | null = PAGE) =>
      t.app.request(`/widget/experiences${url === null ? '' : `?url=${encodeURIComponent(url)}`}`, {
        headers: auth(token),
      });
    const report = (token: string, body: unknown) =>
      t.app.request('/widget/experiences/conditions', { method: 'POST', ...json(body, auth(token)) });
    return { db, t, ws, ctx, boot, auth, decision, report };
  };
  const data = async (res: Response) => {
    expect(res.status).toBe(200);
    return ((await res.json()) as DecisionBody).data;
  };
  const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  it("answers the design's shape: programs, one auto-start, watch keys", async () => {
    const { db, ws, boot, decision } = await setup();
    const empty = await decision((await boot()).token);
    expect(await data(empty)).toEqual({
      launchers: [],
      banners: [],
      announcements: { unread: 0, items: [] },
      programs: [],
      auto_start: null,
      resume: null,
      preview: null,
      watch: [],
    });
    const tour = await insertExperience(db, ws.id, {
      type: 'tour',
      definition: tourDefinition({ targeting: { ...onCheckout, triggers: { scroll_depth_percent: 50 } } }),
    });
    const program = await insertExperience(db, ws.id, { type: 'program', definition: programDefinition() });
    await insertExperience(db, ws.id, {
      type: 'tour',
      definition: tourDefinition({
        targeting: { elements: [{ selector: '#coupon', present: true }], priority: -1 },
      }),
    });
    await notifyExperiencesChanged(db, ws.id);
    const visitor = await boot();
    await vi.waitFor(async () =>
      expect((await data(await decision(visitor.token))).programs).toHaveLength(1),
    );
    const d = await data(await decision(visitor.token));
    expect(d.auto_start).toEqual({
      type: 'tour',
      experience_id: tour.id,
      version_id: tour.versionId,
      triggers: { scroll_depth_percent: 50 },
    });
    expect(d.programs[0]).toMatchObject({
      experience_id: program.id,
      version_id: program.versionId,
      done: 0,
      total: 3,
    });
    expect(d.programs[0]!.sections[0]!.items[0]).toEqual({
      id: 'i1',
      title: 'Take the tour',
      description: '',
      kind: 'url',
      url: 'https://example.com/a',
      state: 'todo',
    });
    expect(d.watch).toEqual([{ key: watchKey('#coupon'), selector: '#coupon' }]);
    expect(
      (await data(await decision(visitor.token, 'https://shop.example.com/cart'))).auto_start,
    ).toBeNull();
  });

  it('url: required, absolute http(s), at most 2048 characters (422); a token and the flag are needed', async () => {
    const { db, ws, t, boot, decision, report } = await setup();
    const { token } = await boot();
    for (const url of [
      null,
      '',
      '/checkout',
      'ftp://shop.example.com/',
      'javascript:alert(1)',
      `https://a.com/${'x'.repeat(2040)}`,
    ]) {
      const res = await decision(token, url);
      expect(res.status, String(url).slice(0, 40)).toBe(422);
      expect(await code(res)).toBe('validation_failed');
    }
    expect((await decision(token, `https://a.com/${'x'.repeat(2030)}`)).status).toBe(200);
    expect((await report(token, { url: '/x', facts: {} })).status).toBe(422);
    expect((await report(token, { url: PAGE, facts: { a: 'yes' } })).status).toBe(422);
    expect((await report(token, { url: PAGE })).status).toBe(422);
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, true]));
    expect((await report(token, { url: PAGE, facts: many })).status).toBe(422);

    expect((await t.app.request(`/widget/experiences?url=${encodeURIComponent(PAGE)}`)).status).toBe(401);
    expect((await decision('wvt_forged')).status).toBe(401);
    await setFlag(db, ws.id, 'feature.experiences.core', false, t.clock.now());
    t.clock.advance(10_000); // past the flag cache
    expect((await decision(token)).status).toBe(404);
    expect((await report(token, { url: PAGE, facts: {} })).status).toBe(404);
  });

  it('reporting facts stores the visitor and answers the new decision', async () => {
    const { db, ws, boot, decision, report } = await setup();
    const tour = await insertExperience(db, ws.id, {
      type: 'tour',
      definition: tourDefinition({ targeting: { elements: [{ selector: '#coupon', present: false }] } }),
    });
    const visitor = await boot();
    const first = await data(await decision(visitor.token));
    expect(first.auto_start).toBeNull();
    const key = first.watch[0]!.key;
    const stored = async () =>
      (
        await db.query('select 1 from widget_visitors where workspace_id = $1 and id = $2', [
          ws.id,
          visitor.id,
        ])
      ).length;
    expect(await stored()).toBe(0);
    const answer = await data(
      await report(visitor.token, { url: PAGE, facts: { [key]: false, other: true } }),
    );
    expect(answer.auto_start?.experience_id).toBe(tour.id);
    expect(await stored()).toBe(1);
    expect((await data(await decision(visitor.token))).auto_start?.experience_id).toBe(tour.id);
    expect(
      (await data(await report(visitor.token, { url: PAGE, facts: { [key]: true } }))).auto_start,
    ).toBeNull();
  });

  it("an identified visitor's decision counts the contact's sessions from other devices", async () => {
    const { db, t, ws, ctx, boot, auth, decision } = await setup();
    const { contact } = await upsertContact(ctx, { email: 'dee@example.com', attributes: { plan: 'pro' } });
    const tour = await insertExperience(db, ws.id, {
      type: 'tour',
      definition: tourDefinition({
        targeting: { audience: 'identified', attributes: [{ key: 'plan', op: 'equals', value: 'PRO' }] },
      }),
    });
    const { secret } = await rotateIdentitySecret(ctx, t.services.box);
    const visitor = await boot();
    expect((await data(await decision(visitor.token))).auto_start).toBeNull();
    const identify = await t.app.request('/widget/identify', {
      method: 'POST',
      ...json({ email: contact.email, hmac: identityHmac(secret, contact.email) }, auth(visitor.token)),
    });
    expect(identify.status).toBe(200);
    expect((await data(await decision(visitor.token))).auto_start?.experience_id).toBe(tour.id);
    await insertSession(db, ws.id, {
      experienceId: tour.id,
      versionId: tour.versionId,
      contactId: contact.id,
      visitorId: 'elsewhere',
      state: 'ended',
    });
    expect((await data(await decision(visitor.token))).auto_start).toBeNull();
  });

  it("tenancy: another workspace's visitor sees nothing of this one", async () => {
    const { db, ws, boot, decision, report } = await setup();
    await insertExperience(db, ws.id, { type: 'tour', definition: tourDefinition() });
    await insertExperience(db, ws.id, { type: 'program', definition: programDefinition() });
    const own = await boot();
    expect((await data(await decision(own.token))).auto_start).not.toBeNull();
    const other = await makeWorkspace(db);
    const stranger = await boot(other.website_id);
    const seen = await data(await decision(stranger.token));
    expect(seen.auto_start).toBeNull();
    expect(seen.programs).toEqual([]);
    expect((await data(await report(stranger.token, { url: PAGE, facts: {} }))).programs).toEqual([]);
  });
});
