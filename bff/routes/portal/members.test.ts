import { expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../../server-core/lib/clock';
import { sha256Hex } from '../../../server-core/lib/crypto';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';

type Db = TestApp['services']['db'];

async function mails(db: Db, to: string) {
  return db.query<{ kind: string; subject: string; text_body: string; workspace_id: string | null }>(
    'select kind, subject, text_body, workspace_id from mail_outbox where to_address = $1 order by id',
    [to],
  );
}

/** The token of the newest mailed link to the console page, read from the mail as the person would. */
async function mailedToken(db: Db, to: string, page: string): Promise<string> {
  const all = await mails(db, to);
  const text = all.at(-1)?.text_body ?? '';
  const m = text.match(new RegExp(`/app/${page}\\?token=([A-Za-z0-9_%-]+)`));
  expect(m, text).not.toBeNull();
  return decodeURIComponent(m![1]!);
}

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describeDb('the team: members and roles', (getDb) => {
  it('lists members to any member; changes roles with members.manage; the owner role is the owners’', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const admin = await makeMember(db, ws.id, 'admin');
    const member = await makeMember(db, ws.id, 'member');
    const base = `/api/v1/workspaces/${ws.id}/members`;
    const as = async (email: string) => (await signIn(t, email, TEST_PASSWORD)).headers;

    const list = await t.app.request(base, { headers: await as(member.email) });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: { user_id: string; role: string }[] };
    expect(body.data.map((m) => m.role)).toEqual(['owner', 'admin', 'member']);

    const patch = (headers: Record<string, string>, id: string, role: string) =>
      t.app.request(`${base}/${id}`, { method: 'PATCH', ...json({ role }, headers) });
    const m = await as(member.email);
    expect(await errorCode(await patch(m, admin.id, 'member'))).toBe('permission_denied');
    const a = await as(admin.email);
    expect(await errorCode(await patch(a, member.id, 'owner'))).toBe('owner_role_required');
    expect(await errorCode(await patch(a, owner.id, 'member'))).toBe('owner_role_required');
    const promoted = await patch(a, member.id, 'admin');
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { data: { role: string } }).data.role).toBe('admin');

    const o = await as(owner.email);
    const last = await patch(o, owner.id, 'admin');
    expect(last.status).toBe(409);
    expect(await errorCode(last)).toBe('last_owner');
    expect((await patch(o, admin.id, 'owner')).status).toBe(200);
    expect((await patch(o, 'not-an-id', 'member')).status).toBe(404);
    expect((await patch(o, member.id, 'root')).status).toBe(422);
    expect((await patch(o, owner.id, 'member')).status).toBe(200);
    // Now a member: the owner who stepped down manages nothing.
    expect((await patch(o, member.id, 'member')).status).toBe(403);
    const audit = await db.query<{ action: string }>(
      `select action from audit_log where workspace_id = $1 and action = 'member.role_changed'`,
      [ws.id],
    );
    expect(audit.length).toBe(3);
  });

  it('removes a member through the deprovision cascade; the last owner stays; an admin cannot remove an owner', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const admin = await makeMember(db, ws.id, 'admin');
    const member = await makeMember(db, ws.id, 'member');
    const base = `/api/v1/workspaces/${ws.id}/members`;
    const memberSession = await signIn(t, member.email, TEST_PASSWORD);
    const a = (await signIn(t, admin.email, TEST_PASSWORD)).headers;
    const del = (headers: Record<string, string>, id: string) =>
      t.app.request(`${base}/${id}`, { method: 'DELETE', headers });

    expect(await errorCode(await del(a, owner.id))).toBe('owner_role_required');
    expect((await del(a, member.id)).status).toBe(204);
    // Their last workspace: the session is gone too.
    const after = await t.app.request('/api/v1/auth/session', { headers: { Cookie: memberSession.cookie } });
    expect(after.status).toBe(401);
    expect((await del(a, member.id)).status).toBe(404);
    const o = (await signIn(t, owner.email, TEST_PASSWORD)).headers;
    const last = await del(o, owner.id);
    expect(last.status).toBe(409);
    expect(await errorCode(last)).toBe('last_owner');
  });
});

describeDb('the team: invitations', (getDb) => {
  it('invites by mail with a single-use hashed link; the invitee previews, sets a password, accepts and signs in as member', async () => {
    const db = getDb();
    const t = makeTestApp(db, { PUBLIC_URL: 'http://localhost:4000' });
    const ws = await makeWorkspace(db, new Date(), 'Acme Team');
    const owner = await makeMember(db, ws.id, 'owner');
    const o = (await signIn(t, owner.email, TEST_PASSWORD)).headers;
    const base = `/api/v1/workspaces/${ws.id}/invitations`;

    const created = await t.app.request(base, {
      method: 'POST',
      ...json({ email: 'New.Person@Example.test', role: 'member' }, o),
    });
    expect(created.status).toBe(201);
    const inv = ((await created.json()) as { data: { id: string; email: string; role: string } }).data;
    expect(inv).toMatchObject({ email: 'New.Person@Example.test', role: 'member' });
    const [mail] = await mails(db, 'New.Person@Example.test');
    expect(mail).toMatchObject({ kind: 'invitation', workspace_id: ws.id });
    expect(mail!.subject).toContain('Acme Team');
    expect(mail!.text_body).toContain('http://localhost:4000/app/invitations/accept?token=');
    const token = await mailedToken(db, 'New.Person@Example.test', 'invitations/accept');
    const stored = await db.query<{ token_hash: string }>(
      'select token_hash from invitations where id = $1',
      [inv.id],
    );
    expect(stored[0]!.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(await (await t.app.request(base, { headers: o })).json())).not.toContain(token);

    const preview = await t.app.request('/api/v1/invitations/preview', {
      method: 'POST',
      ...json({ token }),
    });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { data: unknown }).data).toMatchObject({
      workspace_name: 'Acme Team',
      email: 'New.Person@Example.test',
      role: 'member',
      has_password: false,
    });

    const short = await t.app.request('/api/v1/invitations/accept', {
      method: 'POST',
      ...json({ token, password: 'short' }),
    });
    expect(short.status).toBe(422);
    // A refused accept does not spend the link.
    const accepted = await t.app.request('/api/v1/invitations/accept', {
      method: 'POST',
      ...json({ token, name: 'New Person', password: 'a-brand-new-password' }),
    });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { data: unknown }).data).toMatchObject({
      workspace_id: ws.id,
      role: 'member',
    });
    const again = await t.app.request('/api/v1/invitations/accept', {
      method: 'POST',
      ...json({ token, password: 'a-brand-new-password' }),
    });
    expect(again.status).toBe(410);
    expect(await errorCode(again)).toBe('invitation_invalid');

    const s = await signIn(t, 'new.person@example.test', 'a-brand-new-password');
    const me = (await (
      await t.app.request('/api/v1/auth/session', { headers: { Cookie: s.cookie } })
    ).json()) as {
      data: { user: { name: string }; memberships: { workspace_id: string; role: string }[] };
    };
    expect(me.data.user.name).toBe('New Person');
    expect(me.data.memberships).toEqual([expect.objectContaining({ workspace_id: ws.id, role: 'member' })]);
    // A member is refused the owner-only settings, on the server too.
    const keys = await t.app.request(`/api/v1/workspaces/${ws.id}/api-keys`, { headers: s.headers });
    expect(keys.status).toBe(403);
    const audit = await db.query<{ action: string; data: { source: string } }>(
      `select action, data from audit_log where workspace_id = $1 and action = 'member.added'`,
      [ws.id],
    );
    expect(audit.map((a) => a.data.source)).toEqual(['invitation']);
  });

  it('an existing account accepts without a password and keeps its own; the link never changes it', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const other = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const elsewhere = await makeMember(db, other.id, 'member');
    const o = (await signIn(t, owner.email, TEST_PASSWORD)).headers;
    await t.app.request(`/api/v1/workspaces/${ws.id}/invitations`, {
      method: 'POST',
      ...json({ email: elsewhere.email, role: 'admin' }, o),
    });
    const token = await mailedToken(db, elsewhere.email, 'invitations/accept');
    const preview = await t.app.request('/api/v1/invitations/preview', {
      method: 'POST',
      ...json({ token }),
    });
    expect(((await preview.json()) as { data: { has_password: boolean } }).data.has_password).toBe(true);
    const accepted = await t.app.request('/api/v1/invitations/accept', {
      method: 'POST',
      ...json({ token, password: 'an-attempt-to-change-it' }),
    });
    expect(accepted.status).toBe(200);
    await signIn(t, elsewhere.email, TEST_PASSWORD);
    await expect(signIn(t, elsewhere.email, 'an-attempt-to-change-it')).rejects.toThrow(/401/);
  });

  it('re-inviting replaces the link; revoke, expiry and removal kill it; members and owners are refused', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const admin = await makeMember(db, ws.id, 'admin');
    const member = await makeMember(db, ws.id, 'member');
    const o = (await signIn(t, owner.email, TEST_PASSWORD)).headers;
    const a = (await signIn(t, admin.email, TEST_PASSWORD)).headers;
    const m = (await signIn(t, member.email, TEST_PASSWORD)).headers;
    const base = `/api/v1/workspaces/${ws.id}/invitations`;
    const invite = (headers: Record<string, string>, email: string, role = 'member') =>
      t.app.request(base, { method: 'POST', ...json({ email, role }, headers) });
    const preview = (token: string) =>
      t.app.request('/api/v1/invitations/preview', { method: 'POST', ...json({ token }) });

    expect(await errorCode(await invite(m, 'x@example.test'))).toBe('permission_denied');
    expect(await errorCode(await invite(a, 'boss@example.test', 'owner'))).toBe('owner_role_required');
    expect(await errorCode(await invite(a, member.email.toUpperCase()))).toBe('already_a_member');
    expect((await invite(a, 'not an address')).status).toBe(422);

    await invite(a, 'twice@example.test');
    const first = await mailedToken(db, 'twice@example.test', 'invitations/accept');
    await invite(a, 'twice@example.test');
    const second = await mailedToken(db, 'twice@example.test', 'invitations/accept');
    expect((await preview(first)).status).toBe(410);
    expect((await preview(second)).status).toBe(200);
    const listed = (await (await t.app.request(base, { headers: a })).json()) as {
      data: { id: string; email: string }[];
    };
    expect(listed.data.map((i) => i.email)).toEqual(['twice@example.test']);

    expect(
      (await t.app.request(`${base}/${listed.data[0]!.id}`, { method: 'DELETE', headers: o })).status,
    ).toBe(204);
    expect((await preview(second)).status).toBe(410);
    expect(
      (await t.app.request(`${base}/${listed.data[0]!.id}`, { method: 'DELETE', headers: o })).status,
    ).toBe(404);

    await invite(o, 'late@example.test');
    const late = await mailedToken(db, 'late@example.test', 'invitations/accept');
    t.clock.advance(7 * DAY + MINUTE);
    expect((await preview(late)).status).toBe(410);

    for (const hostile of ['', 'x'.repeat(201), "' or 1=1 --", '../../etc/passwd']) {
      const res = await preview(hostile);
      expect([410, 422], hostile).toContain(res.status);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
    const unknown = await t.app.request('/api/v1/invitations/accept', {
      method: 'POST',
      ...json({ token: 'abc', extra: 1 }),
    });
    expect(unknown.status).toBe(422);
  });

  it('removing a member deletes pending invitations for their address (the deprovision cascade)', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const member = await makeMember(db, ws.id, 'member');
    // A pending invitation for the member's address, as a re-invite in another role would leave it.
    await db.query(
      `insert into invitations (workspace_id, id, email, email_normalized, role, token_hash, created_at, expires_at)
       values ($1, '01m6bp7d2e3f4g5h6j7k8m9n0p', $2, lower($2), 'admin', 'h', now(), now() + interval '1 day')`,
      [ws.id, member.email],
    );
    const o = (await signIn(t, owner.email, TEST_PASSWORD)).headers;
    expect(
      (
        await t.app.request(`/api/v1/workspaces/${ws.id}/members/${member.id}`, {
          method: 'DELETE',
          headers: o,
        })
      ).status,
    ).toBe(204);
    const left = await db.query('select id from invitations where workspace_id = $1', [ws.id]);
    expect(left).toEqual([]);
  });
});

describeDb('password reset by e-mail', (getDb) => {
  it('answers the same for known and unknown addresses; mails a one-hour single-use link to a known one', async () => {
    const db = getDb();
    const t = makeTestApp(db, { PUBLIC_URL: 'http://localhost:4000' });
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'admin');
    const ask = (email: string) =>
      t.app.request('/api/v1/auth/password-reset', { method: 'POST', ...json({ email }) });

    const unknown = await ask('nobody@example.test');
    const known = await ask(user.email.toUpperCase());
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(await unknown.text()).toBe(await known.text());
    expect(await mails(db, 'nobody@example.test')).toEqual([]);
    const sent = await mails(db, user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'password_reset', workspace_id: null });
    expect(sent[0]!.text_body).toContain('http://localhost:4000/app/reset-password?token=');
    // Asking again within a minute sends nothing more.
    await ask(user.email);
    expect(await mails(db, user.email)).toHaveLength(1);

    const old = await signIn(t, user.email, TEST_PASSWORD);
    const token = await mailedToken(db, user.email, 'reset-password');
    const rows = await db.query<{ token_hash: string }>('select token_hash from password_resets');
    expect(rows.map((r) => r.token_hash)).toContain(sha256Hex(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const complete = (tok: string, password: string) =>
      t.app.request('/api/v1/auth/password-reset/complete', {
        method: 'POST',
        ...json({ token: tok, password }),
      });
    expect((await complete(token, 'short')).status).toBe(422);
    const done = await complete(token, 'my-new-password-here');
    expect(done.status).toBe(204);
    expect((await t.app.request('/api/v1/auth/session', { headers: { Cookie: old.cookie } })).status).toBe(
      401,
    );
    await signIn(t, user.email, 'my-new-password-here');
    await expect(signIn(t, user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    const reused = await complete(token, 'another-new-password');
    expect(reused.status).toBe(410);
    expect(await errorCode(reused)).toBe('password_reset_invalid');
  });

  it('an expired link is refused, and hostile tokens answer the envelope', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    await t.app.request('/api/v1/auth/password-reset', { method: 'POST', ...json({ email: user.email }) });
    const token = await mailedToken(db, user.email, 'reset-password');
    t.clock.advance(61 * MINUTE);
    const complete = (tok: string) =>
      t.app.request('/api/v1/auth/password-reset/complete', {
        method: 'POST',
        ...json({ token: tok, password: 'my-new-password-here' }),
      });
    expect((await complete(token)).status).toBe(410);
    for (const hostile of ['', 'x'.repeat(5000), "'; drop table users; --", '%00']) {
      const res = await complete(hostile);
      expect([410, 422], hostile.slice(0, 20)).toContain(res.status);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
    await signIn(t, user.email, TEST_PASSWORD);
  });

  it('password reset requests are limited per client address: many addresses from one IP, one /64, bad bodies', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: '1' });
    // At the start of an hour, so the minute and hour windows below are whole.
    t.clock.advance(HOUR - (t.clock.now().getTime() % HOUR));
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const ask = (from: string, email: string | object) =>
      t.app.request('/api/v1/auth/password-reset', {
        method: 'POST',
        ...json(typeof email === 'string' ? { email } : email, { 'X-Forwarded-For': from }),
      });
    const statuses = async (from: string, n: number, offset = 0) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await ask(from, `victim-${offset + i}@example.test`)).status);
      return out;
    };

    // Many addresses from one IP: 5 a minute, then the house 429 with Retry-After.
    expect(await statuses('203.0.113.7', 5)).toEqual([202, 202, 202, 202, 202]);
    const refused = await ask('203.0.113.7', user.email);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', details: { limit: 5, retry_after_seconds: wait } },
    });
    expect(await mails(db, user.email)).toEqual([]); // refused before anything was mailed
    // Another network is not slowed by it.
    expect((await ask('198.51.100.9', user.email)).status).toBe(202);
    expect(await mails(db, user.email)).toHaveLength(1);

    // The hour: 20 per address, whatever the minutes.
    for (let minute = 1; minute <= 3; minute++) {
      t.clock.advance(MINUTE);
      expect(await statuses('203.0.113.7', 5, minute * 10)).toEqual([202, 202, 202, 202, 202]);
    }
    t.clock.advance(MINUTE);
    const hourly = await ask('203.0.113.7', 'one-more@example.test');
    expect(hourly.status).toBe(429);
    expect(Number(hourly.headers.get('Retry-After'))).toBeGreaterThan(60);

    // Walking the addresses of one IPv6 /64 counts as one client.
    const v6 = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(
        async (i) => (await ask(`2001:db8:7:9::${i.toString(16)}`, `v6-${i}@example.test`)).status,
      ),
    );
    expect(v6.filter((s) => s === 429)).toHaveLength(1);
    expect((await ask('2001:db8:7:a::1', 'other-net@example.test')).status).toBe(202);

    // Malformed bodies count too: they are refused by the limit before validation.
    const bad: number[] = [];
    for (let i = 0; i < 6; i++) bad.push((await ask('192.0.2.44', { mail: 'x' })).status);
    expect(bad).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('one account asked for from many addresses gets one mail a minute; every answer is the same 202', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: '1' });
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const answers = new Set<string>();
    for (let i = 1; i <= 12; i++) {
      const res = await t.app.request('/api/v1/auth/password-reset', {
        method: 'POST',
        ...json({ email: user.email }, { 'X-Forwarded-For': `198.51.100.${i}` }),
      });
      expect(res.status).toBe(202);
      answers.add(await res.text());
    }
    expect(answers.size).toBe(1);
    expect(await mails(db, user.email)).toHaveLength(1);
  });

  it('the mailed links’ POSTs share one limit per address: token guessing stops at 20 a minute, others go on', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: '1', PUBLIC_URL: 'http://localhost:4000' });
    t.clock.advance(MINUTE - (t.clock.now().getTime() % MINUTE));
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const post = (path: string, body: object, from: string) =>
      t.app.request(path, { method: 'POST', ...json(body, { 'X-Forwarded-For': from }) });
    const guesses: number[] = [];
    for (let i = 0; i < 18; i++)
      guesses.push(
        (
          await post(
            i % 2 ? '/api/v1/auth/password-reset/complete' : '/api/v1/invitations/accept',
            { token: `guess-${i}`, password: 'a-guessed-password-1' },
            '203.0.113.50',
          )
        ).status,
      );
    expect(new Set(guesses)).toEqual(new Set([410]));
    expect((await post('/api/v1/invitations/preview', { token: 'guess-a' }, '203.0.113.50')).status).toBe(
      410,
    );
    expect(
      (await post('/api/v1/invitations/preview', { token: 'x'.repeat(5000) }, '203.0.113.50')).status,
    ).toBe(422);
    const stopped = await post('/api/v1/invitations/preview', { token: 'guess-b' }, '203.0.113.50');
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await stopped.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(
      (await post('/api/v1/auth/password-reset/complete', { token: 'g', password: 'p' }, '203.0.113.50'))
        .status,
    ).toBe(429);

    // The invitee on their own network previews and accepts meanwhile.
    const invite = await t.app.request(`/api/v1/workspaces/${ws.id}/invitations`, {
      method: 'POST',
      ...json({ email: 'newcomer@example.test', role: 'member' }, s.headers),
    });
    expect(invite.status).toBe(201);
    const token = await mailedToken(db, 'newcomer@example.test', 'invitations/accept');
    expect((await post('/api/v1/invitations/preview', { token }, '198.51.100.20')).status).toBe(200);
    const accepted = await post(
      '/api/v1/invitations/accept',
      { token, name: 'New Comer', password: 'a-long-new-password' },
      '198.51.100.20',
    );
    expect(accepted.status).toBe(200);
    // The next minute the guessing address may try again.
    t.clock.advance(MINUTE);
    expect((await post('/api/v1/invitations/preview', { token: 'guess-c' }, '203.0.113.50')).status).toBe(
      410,
    );
  });
});
