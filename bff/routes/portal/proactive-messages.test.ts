import { expect, it } from 'vitest';
import { DAY } from '../../../server-core/lib/clock';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { json, makeTestApp, signIn } from '../../testing/services';

interface Message {
  id: string;
  kind: string;
  status: string;
  rules: Record<string, unknown>;
}
interface Presence {
  campaign: { campaign_id: string; body: string; conversation_id: string } | null;
  held: string | null;
}

describeDb('proactive messages (portal and widget)', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db, t.clock.now());
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const staffAs = (headers: Record<string, string>) => (method: string, path: string, body?: unknown) =>
      t.app.request(
        `/api/v1/workspaces/${ws.id}${path}`,
        body === undefined ? { method, headers } : { method, ...json(body, headers) },
      );
    const staff = staffAs(s.headers);
    const visitor = async () =>
      (
        (await (await t.app.request(`/widget/boot?website_id=${ws.website_id}`)).json()) as {
          data: { visitor: { token: string }; config: { trigger_rules: unknown[] } };
        }
      ).data;
    const call = (token: string, path: string, body: unknown) =>
      t.app.request(path, { method: 'POST', ...json(body, { Authorization: `Bearer ${token}` }) });
    const data = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
      const r = await res;
      expect(r.status, await r.clone().text()).toBe(status);
      return ((await r.json()) as { data: T }).data;
    };
    return { db, t, ws, staff, staffAs, visitor, call, data };
  };

  it('staff author, publish and unpublish; the boot carries published trigger messages; permissions hold', async () => {
    const { db, t, ws, staff, staffAs, visitor, data } = await setup();
    const created = await data<Message>(
      staff('POST', '/proactive-messages', {
        kind: 'trigger',
        name: 'Pricing',
        body: 'Questions about pricing?',
        rules: { url: { match: 'prefix', value: '/pricing' }, time_on_page_seconds: 5, event: 'plan_viewed' },
      }),
      201,
    );
    expect(created).toMatchObject({ kind: 'trigger', status: 'draft' });
    expect((await visitor()).config.trigger_rules).toEqual([]);
    await data(staff('POST', `/proactive-messages/${created.id}/publish`));
    expect((await visitor()).config.trigger_rules).toEqual([
      { id: created.id, body: 'Questions about pricing?', rules: created.rules },
    ]);
    const patched = await data<Message>(
      staff('PATCH', `/proactive-messages/${created.id}`, { rules: { scroll_percent: 40 } }),
    );
    expect(patched.rules).toEqual({ scroll_percent: 40 });
    await data(staff('POST', `/proactive-messages/${created.id}/unpublish`));
    expect((await visitor()).config.trigger_rules).toEqual([]);
    const list = await data<Message[]>(staff('GET', '/proactive-messages'));
    expect(list.map((m) => [m.id, m.status])).toEqual([[created.id, 'draft']]);

    // Refusals: unknown fields, a regex URL rule, a trigger without rules, an unknown id.
    for (const [body, field] of [
      [{ kind: 'trigger', name: 'x', body: 'x', rules: { scroll: 50 } }, 'rules.scroll'],
      [{ kind: 'trigger', name: 'x', body: 'x', rules: { url: { match: 'regex', value: '.*' } } }, null],
      [{ kind: 'trigger', name: 'x', body: 'x' }, null],
      [{ kind: 'campaign', name: 'x', body: 'x', rules: { scroll_percent: 5 } }, null],
    ] as const) {
      const res = await staff('POST', '/proactive-messages', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      if (field) expect(JSON.stringify(await res.json())).toContain(field);
    }
    expect((await staff('POST', '/proactive-messages/01m6bq1d2e3f4g5h6j7k8m9n0p/publish')).status).toBe(404);

    // A member without experiences.manage is refused; another workspace's owner is refused.
    const viewer = await makeMember(db, ws.id, 'member');
    const v = await signIn(t, viewer.email, TEST_PASSWORD);
    expect((await staffAs(v.headers)('GET', '/proactive-messages')).status).toBe(403);
    const other = await makeWorkspace(db, t.clock.now());
    const outsider = await makeMember(db, other.id, 'owner');
    const o = await signIn(t, outsider.email, TEST_PASSWORD);
    expect((await staffAs(o.headers)('POST', `/proactive-messages/${created.id}/publish`)).status).toBe(403);
  });

  it('a campaign audience of e-mail domain and typed attributes round-trips; a change replaces it whole', async () => {
    const { staff, data } = await setup();
    const audience = { email_domain: 'acme.test', attributes: { plan: 'pro', seats: 5, beta: true } };
    const created = await data<Message & { audience: unknown }>(
      staff('POST', '/proactive-messages', { kind: 'campaign', name: 'Pros', body: 'Hello pros', audience }),
      201,
    );
    expect(created.audience).toEqual(audience);
    // The console sends the whole audience: attributes left out are gone, the domain kept when sent.
    const changed = await data<Message & { audience: unknown }>(
      staff('PATCH', `/proactive-messages/${created.id}`, { audience: { email_domain: 'acme.test' } }),
    );
    expect(changed.audience).toEqual({ email_domain: 'acme.test' });
    const bad = await staff('PATCH', `/proactive-messages/${created.id}`, {
      audience: { attributes: { plan: ['pro'] } },
    });
    expect(bad.status).toBe(422);
    const trigger = await staff('POST', '/proactive-messages', {
      kind: 'trigger',
      name: 'T',
      body: 'B',
      rules: { event: 'x_seen' },
      audience: { email_domain: 'acme.test' },
    });
    expect(trigger.status).toBe(422);
  });

  it('a campaign reaches an identified visitor once, deferred a day for the next, beacons need the delivery', async () => {
    const { t, staff, visitor, call, data } = await setup();
    const secret = (
      (await (await staff('POST', '/widget/identity-secret/rotate')).json()) as { data: { secret: string } }
    ).data.secret;
    const campaigns: string[] = [];
    for (const body of ['Welcome aboard', 'Try reports']) {
      const c = await data<Message>(
        staff('POST', '/proactive-messages', { kind: 'campaign', name: body, body, audience: {} }),
        201,
      );
      await data(staff('POST', `/proactive-messages/${c.id}/publish`));
      campaigns.push(c.id);
    }
    const anon = (await visitor()).visitor.token;
    expect(await data<Presence>(call(anon, '/widget/campaigns/presence', {}))).toEqual({
      campaign: null,
      held: null,
    });
    expect(
      (await call(anon, `/widget/campaigns/${campaigns[0]}/beacons`, { kind: 'campaign.shown' })).status,
    ).toBe(404);

    const email = 'ada@example.com';
    const tab = (await visitor()).visitor.token;
    await data(call(tab, '/widget/identify', { email, hmac: identityHmac(secret, email) }));
    const first = await data<Presence>(call(tab, '/widget/campaigns/presence', {}));
    expect(first.campaign).toMatchObject({ campaign_id: campaigns[0], body: 'Welcome aboard' });
    const conversation = await t.app.request(`/widget/conversations/${first.campaign!.conversation_id}`, {
      headers: { Authorization: `Bearer ${tab}` },
    });
    expect(
      ((await conversation.json()) as { data: { messages: { body: string }[] } }).data.messages,
    ).toMatchObject([{ body: 'Welcome aboard' }]);
    expect(await data<Presence>(call(tab, '/widget/campaigns/presence', {}))).toEqual({
      campaign: null,
      held: 'daily_cap',
    });
    t.clock.advance(DAY + 1);
    const next = await data<Presence>(call(tab, '/widget/campaigns/presence', { trigger_just_fired: true }));
    expect(next).toEqual({ campaign: null, held: 'trigger_message' });
    const second = await data<Presence>(call(tab, '/widget/campaigns/presence', {}));
    expect(second.campaign?.campaign_id).toBe(campaigns[1]);

    expect(
      (await call(tab, `/widget/campaigns/${campaigns[0]}/beacons`, { kind: 'campaign.clicked' })).status,
    ).toBe(204);
    expect(
      (await call(tab, `/widget/campaigns/${campaigns[0]}/beacons`, { kind: 'campaign.opened' })).status,
    ).toBe(422);
    expect((await call(tab, '/widget/campaigns/presence', { just_fired: true })).status).toBe(422);
  });
});
