import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import { createArticle } from '../../../server-core/content/create-article';
import { publishArticle } from '../../../server-core/content/publish-article';
import { setFlag } from '../../../server-core/flags/flags';
import { HOUR } from '../../../server-core/lib/clock';
import { sha256Hex } from '../../../server-core/lib/crypto';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { embedNow } from '../../../server-core/testing/embed-now';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { insertArticle } from '../../../server-core/testing/help-articles';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { json, makeTestApp, signIn } from '../../testing/services';

interface Boot {
  data: {
    visitor: { id: string; token: string | null; expires_at: string; identity: { email: string } | null };
    config: { features: { experiences: boolean }; widget_settings: { default_tab: string } };
  };
}

describeDb('widget endpoints', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db, { PUBLIC_URL: 'http://127.0.0.1:8787' });
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const portal = `/api/v1/workspaces/${ws.id}/widget`;
    const rotate = async (headers: Record<string, string> = {}) =>
      t.app.request(`${portal}/identity-secret/rotate`, {
        method: 'POST',
        headers: { ...s.headers, ...headers },
      });
    const boot = async (token?: string, origin = 'https://shop.example.com') => {
      const res = await t.app.request(`/widget/boot?website_id=${ws.website_id}`, {
        headers: { Origin: origin, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      return { res, body: (await res.json()) as Boot };
    };
    const newVisitor = async () => (await boot()).body.data.visitor.token!;
    const call = (token: string, path: string, body?: unknown) =>
      t.app.request(
        path,
        body === undefined
          ? { headers: { Authorization: `Bearer ${token}` } }
          : { method: 'POST', ...json(body, { Authorization: `Bearer ${token}` }) },
      );
    return { db, t, ws, s, portal, rotate, boot, newVisitor, call };
  };
  const secretOf = async (res: Response) => ((await res.json()) as { data: { secret: string } }).data.secret;
  const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  it('install info: public by website id and in the portal, installed after the first customer boot', async () => {
    const { t, ws, s, portal, boot } = await setup();
    const pub = await t.app.request(`/widget/install?website_id=${ws.website_id.toUpperCase()}`);
    expect(pub.status).toBe(200);
    const info = ((await pub.json()) as { data: Record<string, unknown> }).data;
    expect(info).toMatchObject({ website_id: ws.website_id, installed: false, installed_at: null });
    expect(info.snippet).toBe(
      `<script>window.$widget=[];window.WIDGET_WEBSITE_ID="${ws.website_id}";</script>\n` +
        '<script async src="http://127.0.0.1:8787/cdn/l.js"></script>',
    );
    expect(info.agent_instructions).toContain('Open support');
    expect(info.agent_instructions).toContain(ws.website_id);

    await boot(undefined, 'http://127.0.0.1:8787'); // the service's own page (the demo) does not count
    const still = await t.app.request(`${portal}/install`, { headers: s.headers });
    expect(((await still.json()) as { data: { installed: boolean } }).data.installed).toBe(false);
    await boot();
    const after = (
      (await (await t.app.request(`${portal}/install`, { headers: s.headers })).json()) as {
        data: { installed: boolean; installed_at: string };
      }
    ).data;
    expect(after.installed).toBe(true);
    expect((await t.app.request('/widget/install?website_id=01jd2m7r3x8k9q4w5e6t7y8v9a')).status).toBe(404);
    expect((await t.app.request('/widget/install?website_id=nope')).status).toBe(422);
  });

  it('boot issues a visitor token stored as a hash, keeps a live one, replaces a foreign or unknown one', async () => {
    const { db, ws, boot, t } = await setup();
    const first = await boot();
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('Cache-Control')).toBe('no-store');
    expect(first.res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const token = first.body.data.visitor.token!;
    expect(token).toMatch(new RegExp(`^wvt_${ws.website_id}[A-Za-z0-9_-]{43}$`));
    const rowsOf = () =>
      db.query<{ token_hash: string }>('select token_hash from widget_visitors where workspace_id = $1', [
        ws.id,
      ]);
    // An anonymous boot writes nothing (issue 11): the visitor is stored when it writes or comes back.
    expect(await rowsOf()).toEqual([]);
    expect(first.body.data.config).toMatchObject({
      features: { experiences: true },
      widget_settings: { default_tab: 'auto' },
      launcher_icon_url: null,
      attachments: { enabled: false },
    });

    const again = await boot(token);
    expect(again.body.data.visitor).toMatchObject({ id: first.body.data.visitor.id, token: null });
    t.clock.advance(HOUR);
    const back = await boot(token);
    expect(back.body.data.visitor).toMatchObject({ id: first.body.data.visitor.id, token: null });
    const rows = await rowsOf();
    expect(rows).toEqual([{ token_hash: sha256Hex(token) }]);
    const other = await makeWorkspace(db);
    const foreign = await t.app.request(`/widget/boot?website_id=${other.website_id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const foreignBody = (await foreign.json()) as Boot;
    expect(foreignBody.data.visitor.id).not.toBe(first.body.data.visitor.id);
    expect(foreignBody.data.visitor.token).toMatch(new RegExp(`^wvt_${other.website_id}`));
    expect((await boot(`wvt_${ws.website_id}${'A'.repeat(43)}`)).body.data.visitor.token).not.toBeNull();
  });

  it('CORS: preflight for the visitor token header, no credentials', async () => {
    const { t } = await setup();
    const res = await t.app.request('/widget/identify', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/);
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    // widgetUpdateSession is a PATCH (a tour's steps and its end, from the host page's origin).
    expect(res.headers.get('Access-Control-Allow-Methods')).toBe('GET,POST,PATCH');
    const refused = await t.app.request('/widget/events', {
      method: 'POST',
      ...json({ name: 'x' }, { Origin: 'https://shop.example.com' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await codeOf(refused)).toBe('invalid_visitor_token');
  });

  it('identity secret: status never shows it; rotation is no-store, audited without it, replayed sealed', async () => {
    const { db, t, ws, s, portal, rotate } = await setup();
    const status = async () =>
      (
        (await (await t.app.request(`${portal}/identity-secret`, { headers: s.headers })).json()) as {
          data: Record<string, unknown>;
        }
      ).data;
    expect(await status()).toEqual({ configured: false, rotated_at: null });
    const res = await rotate({ 'Idempotency-Key': 'rot-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const secret = await secretOf(res);
    expect(secret).toMatch(/^wis_[A-Za-z0-9_-]{43}$/);
    const st = await status();
    expect(st.configured).toBe(true);
    expect(JSON.stringify(st)).not.toContain(secret);

    const replay = await rotate({ 'Idempotency-Key': 'rot-1' });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.headers.get('Cache-Control')).toBe('no-store');
    expect(await secretOf(replay)).toBe(secret);
    const fresh = await secretOf(await rotate({ 'Idempotency-Key': 'rot-2' }));
    expect(fresh).not.toBe(secret);

    const audit = await db.query<{ action: string; data: unknown }>(
      'select action, data from audit_log where workspace_id = $1 order by id',
      [ws.id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'widget.identity_secret_rotated',
      'widget.identity_secret_rotated',
    ]);
    const everything = JSON.stringify(
      await db.query('select * from widget_identity_secrets, audit_log, idempotency_records where true'),
    );
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(fresh);

    // Authorization is checked again before a replay: a demoted member gets 403, not the secret.
    await db.query("update memberships set role = 'member' where workspace_id = $1", [ws.id]);
    const demoted = await rotate({ 'Idempotency-Key': 'rot-1' });
    expect(demoted.status).toBe(403);
    expect(await demoted.text()).not.toContain(secret);
  });

  it('portal widget operations need settings.manage and the membership', async () => {
    const { db, t, ws, portal } = await setup();
    const member = await makeMember(db, ws.id, 'member');
    const ms = await signIn(t, member.email, TEST_PASSWORD);
    for (const [method, path] of [
      ['GET', `${portal}/install`],
      ['GET', `${portal}/identity-secret`],
      ['POST', `${portal}/identity-secret/rotate`],
    ] as const) {
      const res = await t.app.request(path, { method, headers: ms.headers });
      expect(res.status, path).toBe(403);
      expect(await codeOf(res)).toBe('permission_denied');
    }
    const other = await makeWorkspace(db);
    const outsider = await makeMember(db, other.id, 'owner');
    const os = await signIn(t, outsider.email, TEST_PASSWORD);
    expect((await t.app.request(`${portal}/identity-secret`, { headers: os.headers })).status).toBe(403);
    expect((await t.app.request(`${portal}/install`)).status).toBe(401);
  });

  it('two browsers identifying as one brand-new address at the same instant: both succeed, one contact', async () => {
    const { db, ws, rotate, newVisitor, call } = await setup();
    const secret = await secretOf(await rotate());
    const email = `new-${ws.id}@example.com`;
    const visitors = await Promise.all([newVisitor(), newVisitor(), newVisitor()]);
    const answers = await Promise.all(
      visitors.map((v) => call(v, '/widget/identify', { email, hmac: identityHmac(secret, email) })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const contacts = await db.query(
      'select id from contacts where workspace_id = $1 and email_normalized = $2',
      [ws.id, email],
    );
    expect(contacts).toHaveLength(1);
  });

  it('user.set with hmac or token verifies, merges token attributes (null clears) and unlocks track', async () => {
    const { db, ws, rotate, newVisitor, call, boot } = await setup();
    const secret = await secretOf(await rotate());
    const token = await newVisitor();
    expect((await call(token, '/widget/events', { name: 'clicked' })).status).toBe(409);

    await upsertContact(testCtx(db, ws.id), {
      email: 'ada@example.com',
      attributes: { plan: 'free', seats: 3 },
    });
    const ok = await call(token, '/widget/identify', {
      email: 'Ada@Example.com',
      name: 'Ada',
      hmac: identityHmac(secret, 'ada@example.com'),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { email: 'ada@example.com', name: 'Ada', verified: true } });
    expect((await boot(token)).body.data.visitor.identity).toEqual({ email: 'ada@example.com', name: 'Ada' });

    const jwt = await new SignJWT({
      email: 'ada@example.com',
      name: 'Ada L.',
      attributes: { plan: 'pro', seats: null, beta: true },
      exp: Math.floor(Date.now() / 1000) + 600,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    expect((await call(token, '/widget/identify', { email: 'ada@example.com', token: jwt })).status).toBe(
      200,
    );
    const [contact] = await db.query<{ id: string; name: string; verified: boolean; attributes: unknown }>(
      'select id, name, verified, attributes from contacts where workspace_id = $1',
      [ws.id],
    );
    expect(contact).toMatchObject({
      name: 'Ada L.',
      verified: true,
      attributes: { plan: 'pro', beta: true },
    });

    const tracked = await call(token, '/widget/events', {
      name: 'report_exported',
      properties: { rows: 10 },
    });
    expect(tracked.status).toBe(204);
    const events = await db.query<{ contact_id: string; name: string; source: string }>(
      'select contact_id, name, source from contact_events where workspace_id = $1',
      [ws.id],
    );
    expect(events).toEqual([{ contact_id: contact!.id, name: 'report_exported', source: 'widget' }]);
  });

  it('refuses each bad proof with its 403 or 422, and identifies nobody', async () => {
    const { db, ws, rotate, newVisitor, call } = await setup();
    const token = await newVisitor();
    const email = 'ada@example.com';
    expect(await codeOf(await call(token, '/widget/identify', { email, hmac: 'a'.repeat(64) }))).toBe(
      'identity_not_configured',
    );
    const secret = await secretOf(await rotate());
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const jwt = (claims: Record<string, unknown>, alg = 'HS256') =>
      new SignJWT(claims).setProtectedHeader({ alg }).sign(alg === 'HS256' ? key : new Uint8Array(64));
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email }, 422, 'identity_proof_required'],
      [{ email, hmac: identityHmac('wrong', email) }, 403, 'invalid_identity_hmac'],
      [{ email, hmac: identityHmac(secret, 'bob@example.com') }, 403, 'invalid_identity_hmac'],
      [{ email, token: await jwt({ email, exp: now - 10 }) }, 403, 'identity_token_expired'],
      [{ email, token: await jwt({ email }) }, 403, 'identity_token_exp_missing'],
      [{ email, token: await jwt({ email, exp: now + 2 * 24 * 3600 }) }, 403, 'identity_token_exp_too_far'],
      [
        { email, token: await jwt({ email: 'bob@example.com', exp: now + 60 }) },
        403,
        'identity_email_mismatch',
      ],
      [{ email, token: await jwt({ email, exp: now + 60 }, 'HS512') }, 403, 'invalid_identity_token'],
      [{ email, token: 'not.a.jwt' }, 403, 'invalid_identity_token'],
      [
        { email, token: await jwt({ email, exp: now + 60 }), hmac: identityHmac('wrong', email) },
        403,
        'invalid_identity_hmac',
      ],
      [{ email, token: 'x'.repeat(64 * 1024 + 1) }, 422, 'token_too_large'],
      [
        { email, token: await jwt({ email, exp: now + 60, attributes: { bad: { nested: 1 } } }) },
        422,
        'invalid_token_attributes',
      ],
      [
        {
          email,
          token: await jwt({
            email,
            exp: now + 60,
            attributes: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])),
          }),
        },
        422,
        'invalid_token_attributes',
      ],
      [
        { email, token: await jwt({ email, exp: now + 60, attributes: { s: 'x'.repeat(1001) } }) },
        422,
        'invalid_token_attributes',
      ],
      [{ email: 'not-an-email', hmac: identityHmac(secret, 'not-an-email') }, 422, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(token, '/widget/identify', body);
      expect([res.status, await codeOf(res)], JSON.stringify(body).slice(0, 120)).toEqual([status, code]);
    }
    expect(await db.query('select id from contacts where workspace_id = $1', [ws.id])).toEqual([]);
    expect((await call(token, '/widget/events', { name: 'x' })).status).toBe(409);
    expect((await call('wvt_nope', '/widget/identify', { email, hmac: 'x' })).status).toBe(401);
  });

  it('rotation unverifies visitors proven under the old secret until they identify again', async () => {
    const { rotate, newVisitor, call, boot } = await setup();
    const old = await secretOf(await rotate());
    const token = await newVisitor();
    const email = 'ada@example.com';
    expect((await call(token, '/widget/identify', { email, hmac: identityHmac(old, email) })).status).toBe(
      200,
    );
    expect((await call(token, '/widget/events', { name: 'a' })).status).toBe(204);
    const fresh = await secretOf(await rotate());
    expect((await boot(token)).body.data.visitor.identity).toBeNull();
    expect(await codeOf(await call(token, '/widget/events', { name: 'b' }))).toBe('visitor_anonymous');
    expect((await call(token, '/widget/identify', { email, hmac: identityHmac(old, email) })).status).toBe(
      403,
    );
    expect((await call(token, '/widget/identify', { email, hmac: identityHmac(fresh, email) })).status).toBe(
      200,
    );
    expect((await call(token, '/widget/events', { name: 'c' })).status).toBe(204);
  });

  it('track: rules as 422, 60 a minute per visitor, 404 while the flag is off', async () => {
    const { db, t, ws, rotate, newVisitor, call } = await setup();
    const secret = await secretOf(await rotate());
    const token = await newVisitor();
    await call(token, '/widget/identify', {
      email: 'ada@example.com',
      hmac: identityHmac(secret, 'ada@example.com'),
    });
    for (const body of [
      { name: 'Bad Name' },
      { name: 'service.signup' },
      { name: 'ok', properties: { nested: { a: 1 } } },
      { name: 'ok', properties: { s: 'x'.repeat(501) } },
    ]) {
      const res = await call(token, '/widget/events', body);
      expect([res.status, await codeOf(res)], JSON.stringify(body)).toEqual([422, 'invalid_event']);
    }
    // Start at a fresh minute so the window does not roll over mid-test.
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 60_000) * 60_000 + 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await call(token, '/widget/events', { name: 'tick' })).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    const limited = await call(token, '/widget/events', { name: 'tick' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    t.clock.advance(HOUR);
    expect((await call(token, '/widget/events', { name: 'tick' })).status).toBe(204);

    await setFlag(db, ws.id, 'feature.contacts.event_tracking', false, new Date());
    // On Postgres the cache drop arrives by NOTIFY on another connection; past the cache TTL it is certain.
    t.clock.advance(10_000);
    expect((await call(token, '/widget/events', { name: 'tick' })).status).toBe(404);
  });

  it('help: full-text over published articles; anonymous sees public, verified also authenticated, never internal', async () => {
    const { db, ws, rotate, newVisitor, call } = await setup();
    const other = await makeWorkspace(db);
    const add = (slug: string, access_level: string, status = 'published', wsId = ws.id) =>
      insertArticle(db, wsId, {
        slug,
        access_level,
        status,
        title: `Reset your password (${slug})`,
        body: 'Open **Settings**, choose [Security](https://example.com) and reset the password.',
      });
    await add('public-reset', 'public');
    await add('members-reset', 'authenticated');
    await add('internal-reset', 'internal');
    await add('draft-reset', 'public', 'draft');
    await add('foreign-reset', 'public', 'published', other.id);
    await insertArticle(db, ws.id, {
      slug: 'billing',
      title: 'Invoices and billing',
      body: 'Download invoices.',
    });

    const token = await newVisitor();
    const search = async (q: string) => {
      const res = await call(token, `/widget/help/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return (await res.json()) as {
        data: { slug: string; excerpt: string }[];
        meta: { access_levels: string[] };
      };
    };
    const anon = await search('passw');
    expect(anon.data.map((h) => h.slug)).toEqual(['public-reset']);
    expect(anon.meta.access_levels).toEqual(['public']);
    expect(anon.data[0]!.excerpt).toBe('Open Settings, choose Security and reset the password.');
    expect((await search('invoices')).data.map((h) => h.slug)).toEqual(['billing']);
    expect((await search('   !!! ')).data).toEqual([]);
    expect((await search("'); drop table articles; --")).data).toEqual([]);
    const all = await call(token, '/widget/help/search');
    expect(((await all.json()) as { data: unknown[] }).data).toHaveLength(2);
    expect((await call(token, '/widget/help/articles/public-reset')).status).toBe(200);
    for (const slug of ['members-reset', 'internal-reset', 'draft-reset', 'foreign-reset', 'nope']) {
      expect((await call(token, `/widget/help/articles/${slug}`)).status, slug).toBe(404);
    }

    const secret = await secretOf(await rotate());
    await call(token, '/widget/identify', {
      email: 'ada@example.com',
      hmac: identityHmac(secret, 'ada@example.com'),
    });
    const verified = await search('reset password');
    expect(verified.data.map((h) => h.slug).sort()).toEqual(['members-reset', 'public-reset']);
    expect(verified.meta.access_levels).toEqual(['public', 'authenticated']);
    const article = await call(token, '/widget/help/articles/members-reset');
    expect(((await article.json()) as { data: { title: string } }).data.title).toBe(
      'Reset your password (members-reset)',
    );
    expect((await call(token, '/widget/help/articles/internal-reset')).status).toBe(404);
  });

  it('help: paraphrases find published articles through retrieval; nonsense stays empty; audiences hold', async () => {
    const { db, t, ws, rotate, newVisitor, call } = await setup();
    const ctx = testCtx(db, ws.id);
    const publish = async (
      title: string,
      body: string,
      access_level: 'public' | 'authenticated' | 'internal',
    ) => {
      const a = await createArticle(ctx, { title, body, access_level, position: 0 });
      await publishArticle(ctx, a.id, { embedder: t.services.embedder });
      await embedNow(ctx, t.services.embedder, { kind: 'article', id: a.id });
      return a.slug;
    };
    const reset = await publish(
      'Reset your password',
      'Forgot your password? Open the sign-in page, choose Forgot password and follow the link we email you.',
      'public',
    );
    await publish(
      'Returns and refunds',
      'You can return most items within 30 days. Refunds go back to the original payment method.',
      'public',
    );
    const members = await publish(
      'Change your subscription',
      'Upgrade or downgrade your subscription from the billing page; the new price applies next month.',
      'authenticated',
    );
    await publish(
      'Fraud review steps',
      'Staff check suspicious orders before the refund is approved.',
      'internal',
    );

    const token = await newVisitor();
    const slugs = async (q: string) => {
      const res = await call(token, `/widget/help/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { slug: string }[] }).data.map((h) => h.slug);
    };
    // No word in common with the article: only the vectors can find it.
    expect((await slugs('i cannot remember my login'))[0]).toBe(reset);
    expect(await slugs('zebra crossing')).toEqual([]);
    // The authenticated and internal articles are not an anonymous visitor's, by any path.
    for (const q of ['upgrade my subscription price', 'suspicious orders fraud']) {
      expect(await slugs(q), q).not.toContain(members);
      expect((await slugs(q)).join(), q).not.toMatch(/fraud/);
    }
    const secret = await secretOf(await rotate());
    await call(token, '/widget/identify', {
      email: 'ada@example.com',
      hmac: identityHmac(secret, 'ada@example.com'),
    });
    expect(await slugs('upgrade my subscription price')).toContain(members);
    expect((await slugs('suspicious orders fraud')).join()).not.toMatch(/fraud/);
  });
});
