import { SignJWT, UnsecuredJWT } from 'jose';
import { expect, it } from 'vitest';
import { setFlag } from '../../server-core/flags/flags';
import { addHelpCenterHost } from '../../server-core/help-center/help-center-hosts';
import { newId } from '../../server-core/lib/ulid';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { insertArticle } from '../../server-core/testing/help-articles';
import { json, makeTestApp, type SignedIn, signIn, type TestApp } from '../testing/services';

const SIGN_IN_URL = 'https://app.acme-help-test.com/help-login';

async function insertGuide(
  t: TestApp,
  workspaceId: string,
  title: string,
  shareMode: string,
  steps: string[],
) {
  const id = newId();
  const now = t.clock.now();
  await t.services.db.query(
    `insert into guides (workspace_id, id, title, status, share_mode, published_at, created_at, updated_at)
     values ($1, $2, $3, 'published', $4, $5, $5, $5)`,
    [workspaceId, id, title, shareMode, now],
  );
  for (const [i, text] of steps.entries())
    await t.services.db.query(
      `insert into guide_steps (workspace_id, id, guide_id, seq, type, text) values ($1, $2, $3, $4, 'click', $5)`,
      [workspaceId, newId(), id, i + 1, text],
    );
  return id;
}

describeDb('the hosted help center and its signed-in readers', (getDb) => {
  const setup = async (env: Record<string, string> = {}) => {
    const db = getDb();
    const t = makeTestApp(db, env);
    const ws = await makeWorkspace(db, t.clock.now(), 'Acme');
    const host = `help-${newId().toLowerCase()}.acme-test.com`;
    await addHelpCenterHost(db, { workspaceId: ws.id, host, now: t.clock.now() });
    await db.query(
      `insert into article_collections (workspace_id, id, name, slug, position, created_at) values
       ($1, $2, 'Getting started', 'getting-started', 0, $4), ($1, $3, 'Billing', 'billing', 1, $4)`,
      [ws.id, 'C1', 'C2', t.clock.now()],
    );
    const put = async (
      slug: string,
      title: string,
      access_level: string,
      collection: string | null,
      status = 'published',
    ) => {
      const id = await insertArticle(
        db,
        ws.id,
        { title, slug, body: `# Intro\n\n${title} **body** text.`, access_level, status },
        t.clock.now(),
      );
      await db.query('update articles set collection_id = $3 where workspace_id = $1 and id = $2', [
        ws.id,
        id,
        collection,
      ]);
    };
    await put('welcome', 'Welcome to Acme', 'public', 'C1');
    await put('invoices', 'Download invoices', 'public', 'C2');
    await put('sso-setup', 'Set up single sign-on', 'authenticated', 'C1');
    await put('support-playbook', 'Support playbook', 'internal', 'C1');
    await put('draft-thing', 'Unreleased feature', 'public', 'C1', 'draft');
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const get = (path: string, headers: Record<string, string> = {}) =>
      t.app.request(path, { headers: { Host: host, ...headers } });
    return { db, t, ws, host, s, get };
  };
  const portal = (t: TestApp, s: SignedIn, wsId: string) => ({
    read: () =>
      t.app.request(`/api/v1/workspaces/${wsId}/help-center/signing-secret`, { headers: s.headers }),
    rotate: (key = newId()) =>
      t.app.request(`/api/v1/workspaces/${wsId}/help-center/signing-secret/rotate`, {
        method: 'POST',
        headers: { ...s.headers, 'Idempotency-Key': key },
      }),
    setUrl: (sign_in_url: string | null) =>
      t.app.request(`/api/v1/workspaces/${wsId}/help-center/sign-in-url`, {
        method: 'PUT',
        ...json({ sign_in_url }, s.headers),
      }),
  });
  const secretOf = async (res: Response) => ((await res.json()) as { data: { secret: string } }).data.secret;
  const codeOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string; details: unknown } }).error;
  const jwt = (secret: string, exp: number) =>
    new SignJWT({ sub: 'reader-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));
  const secs = (t: TestApp, s: number) => Math.floor(t.clock.now().getTime() / 1000) + s;
  const readerCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('hc_reader='));

  it('serves the home, articles and search to anyone: public articles only, branded, no script', async () => {
    const { db, ws, get } = await setup();
    await db.query(
      `insert into widget_settings (workspace_id, brand_color, logo_url, updated_at) values ($1, '#ffd800', 'https://cdn.acme.com/logo.png', now())
       on conflict (workspace_id) do update set brand_color = excluded.brand_color, logo_url = excluded.logo_url`,
      [ws.id],
    );
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = home.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await home.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Acme help center');
    expect(html).toContain('src="https://cdn.acme.com/logo.png"');
    expect(html).toContain('--brand:#ffd800;--on-brand:#000000');
    expect(html.indexOf('Getting started')).toBeLessThan(html.indexOf('Billing'));
    expect(html).toContain('href="/articles/welcome"');
    expect(html).toContain('href="/articles/invoices"');
    for (const hidden of ['sso-setup', 'support-playbook', 'draft-thing']) expect(html).not.toContain(hidden);
    expect(html).not.toContain('Sign in'); // no sign-in URL configured

    const article = await get('/articles/welcome');
    expect(article.status).toBe(200);
    const body = await article.text();
    expect(body).toContain('<h1>Welcome to Acme</h1>');
    expect(body).toContain('<strong>body</strong>');

    expect((await get('/articles/sso-setup')).status).toBe(401);
    expect(await (await get('/articles/sso-setup')).text()).not.toContain('Set up single sign-on');
    for (const p of [
      '/articles/support-playbook',
      '/articles/draft-thing',
      '/articles/nope',
      '/articles/%E0%A4%A',
      '/admin',
      '/api-keys',
    ])
      expect((await get(p)).status, p).toBe(404);
    const css = await get('/assets/help-center.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect((await css.text()).length).toBeLessThan(4096);
    // Other hosts are the service, not a help center.
    expect(
      (await get('/', { Host: 'unknown-host.example.com' })).headers.get('content-type') ?? '',
    ).not.toContain('help');
  });

  it('lets a reader sign in through the customer app, reads authenticated articles and customers guides, and a rotation signs every reader out', async () => {
    const { t, ws, s, get, host } = await setup();
    const api = portal(t, s, ws.id);
    const publicGuide = await insertGuide(t, ws.id, 'Export a report', 'public', [
      'Open Reports',
      'Choose Export',
    ]);
    const customersGuide = await insertGuide(t, ws.id, 'Invite your team', 'customers', ['Open Team']);
    const privateGuide = await insertGuide(t, ws.id, 'Refund by hand', 'private', ['Open the console']);

    expect((await get('/sign-in?return_to=/articles/sso-setup')).status).toBe(404); // no sign-in URL yet
    const secret = await secretOf(await api.rotate());
    expect((await api.setUrl(SIGN_IN_URL)).status).toBe(200);

    const locked = await (await get('/articles/sso-setup')).text();
    expect(locked).toContain(`href="/sign-in?return_to=${encodeURIComponent('/articles/sso-setup')}"`);
    const go = await get('/sign-in?return_to=/articles/sso-setup');
    expect(go.status).toBe(303);
    expect(go.headers.get('location')).toBe(
      `${SIGN_IN_URL}?return_to=${encodeURIComponent('/articles/sso-setup')}`,
    );

    const back = await get(
      `/sign-in/callback?token=${await jwt(secret, secs(t, 300))}&return=${encodeURIComponent('/articles/sso-setup')}`,
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/articles/sso-setup');
    const set = readerCookie(back)!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).toMatch(/Path=\//);
    expect(set).not.toMatch(/Domain=/i);
    const cookie = { Cookie: set.split(';')[0]! };

    const read = await get('/articles/sso-setup', cookie);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain('Set up single sign-on');
    expect(await (await get('/', cookie)).text()).toContain('href="/articles/sso-setup"');
    expect((await get('/articles/support-playbook', cookie)).status).toBe(404); // internal never
    expect((await get(`/guides/${publicGuide}`)).status).toBe(200);
    expect(await (await get(`/guides/${publicGuide}`)).text()).toContain('Choose Export');
    expect((await get(`/guides/${customersGuide}`)).status).toBe(401);
    expect((await get(`/guides/${customersGuide}`, cookie)).status).toBe(200);
    expect((await get(`/guides/${privateGuide}`, cookie)).status).toBe(404);

    // Still signed in hours later (the JWT's exp only covered the hand-over)...
    t.clock.advance(60 * 60 * 1000);
    expect((await get('/articles/sso-setup', cookie)).status).toBe(200);
    // ...until the secret is rotated: every reader is out at once, and the old secret's tokens fail.
    await api.rotate();
    expect((await get('/articles/sso-setup', cookie)).status).toBe(401);
    const stale = await get(`/sign-in/callback?token=${await jwt(secret, secs(t, 300))}&return=/`);
    expect(stale.status).toBe(403);
    expect(readerCookie(stale) ?? 'hc_reader=;').toMatch(/^hc_reader=;/);

    // Sign-in again, then sign out: the cookie is cleared and the reader is anonymous.
    const again = await get(
      `/sign-in/callback?token=${await jwt(await secretOf(await api.read()), secs(t, 300))}&return=/`,
    );
    const fresh = { Cookie: readerCookie(again)!.split(';')[0]! };
    expect((await get('/articles/sso-setup', fresh)).status).toBe(200);
    const out = await t.app.request('/sign-out', { method: 'POST', headers: { Host: host, ...fresh } });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect(readerCookie(out)).toMatch(/^hc_reader=;/);
  });

  it('refuses forged, expired, other-workspace and none-algorithm tokens; hostile return values land on /', async () => {
    const { db, t, ws, s, get } = await setup();
    const api = portal(t, s, ws.id);
    const secret = await secretOf(await api.rotate());
    const other = await makeWorkspace(db);
    const otherOwner = await makeMember(db, other.id, 'owner');
    const otherSecret = await secretOf(
      await portal(t, await signIn(t, otherOwner.email, TEST_PASSWORD), other.id).rotate(),
    );
    const good = await jwt(secret, secs(t, 300));
    const [h, p, sig] = good.split('.') as [string, string, string];
    const refused = {
      forged: `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', exp: secs(t, 300) })).toString('base64url')}.${sig}`,
      expired: await jwt(secret, secs(t, -5)),
      otherWorkspace: await jwt(otherSecret, secs(t, 300)),
      none: new UnsecuredJWT({ sub: 'x' }).setExpirationTime(secs(t, 300)).encode(),
      noneSigned: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.${sig}`,
      noExp: await new SignJWT({ sub: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(secret)),
      missing: '',
    };
    for (const [name, token] of Object.entries(refused)) {
      const res = await get(
        `/sign-in/callback?token=${encodeURIComponent(token)}&return=/articles/sso-setup`,
      );
      expect(res.status, name).toBe(403);
      expect(res.headers.get('location'), name).toBeNull();
      expect(readerCookie(res) ?? 'hc_reader=;', name).toMatch(/^hc_reader=;/);
    }

    const hostile = [
      'https://evil.example/phish',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '%2F%2Fevil.example',
      'javascript:alert(1)',
      'http:evil.example',
      '/.//evil.example',
      ' //evil.example',
    ];
    for (const ret of hostile) {
      const back = await get(
        `/sign-in/callback?token=${await jwt(secret, secs(t, 300))}&return=${encodeURIComponent(ret)}`,
      );
      expect(back.status, ret).toBe(303);
      expect(back.headers.get('location'), ret).toBe('/');
      await api.setUrl(SIGN_IN_URL);
      const go = await get(`/sign-in?return_to=${encodeURIComponent(ret)}`);
      expect(new URL(go.headers.get('location')!).searchParams.get('return_to'), ret).toBe('/');
    }
  });

  it('getHelpCenterSigningSecret, rotateHelpCenterSigningSecret and setHelpCenterSignInUrl follow every rule', async () => {
    const { db, t, ws, s, host } = await setup({ PUBLIC_URL: 'https://support.example-service.com' });
    const api = portal(t, s, ws.id);
    const first = await api.read();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ data: { configured: false, secret: null, sign_in_url: null } });

    const noSecret = await api.setUrl(SIGN_IN_URL);
    expect(noSecret.status).toBe(422);
    expect((await codeOf(noSecret)).code).toBe('help_center_signing_secret_missing');

    const key = newId();
    const rotated = await api.rotate(key);
    expect(rotated.status).toBe(200);
    const secret = await secretOf(rotated);
    expect(secret).toMatch(/^hcs_[A-Za-z0-9_-]{43}$/);
    expect(await secretOf(await api.rotate(key))).toBe(secret); // replayed, not rotated again
    expect(((await (await api.read()).json()) as { data: { secret: string } }).data.secret).toBe(secret);

    const refusals: [string, string][] = [
      ['http://app.acme.com/login', 'scheme_not_allowed'],
      ['https://app.acme.com/login?return_to=/x', 'return_to_not_allowed'],
      ['https://support.example-service.com/login', 'service_host'],
      [`https://${host}/login`, 'service_host'],
      ['http://127.0.0.1:3000/login', 'loopback_not_allowed'],
      ['https://u:p@app.acme.com/', 'userinfo_not_allowed'],
    ];
    for (const [url, reason] of refusals) {
      const res = await api.setUrl(url);
      expect(res.status, url).toBe(422);
      expect(await codeOf(res), url).toMatchObject({ code: 'sign_in_url_invalid', details: { reason } });
    }
    expect((await api.setUrl('ftp://x')).status).toBe(422);
    expect((await api.setUrl(`https://a.com/${'x'.repeat(2050)}`)).status).toBe(422);

    const set = await api.setUrl(SIGN_IN_URL);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ data: { configured: true, secret, sign_in_url: SIGN_IN_URL } });
    const removed = await api.setUrl(null);
    expect(((await removed.json()) as { data: { sign_in_url: null } }).data.sign_in_url).toBeNull();

    const audit = await db.query<{ action: string; data: Record<string, unknown> }>(
      `select action, data from audit_log where workspace_id = $1 and action like 'help_center.%' order by id`,
      [ws.id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'help_center.signing_secret_rotated',
      'help_center.sign_in_url_set',
      'help_center.sign_in_url_set',
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(audit[2]!.data).toMatchObject({ before: SIGN_IN_URL, after: null });

    await setFlag(db, ws.id, 'feature.helpcenter.sign_in_url', false, t.clock.now());
    t.clock.advance(60_000);
    expect((await api.setUrl(SIGN_IN_URL)).status).toBe(404);
    expect((await api.read()).status).toBe(200);

    const member = await makeMember(db, ws.id, 'member');
    const m = portal(t, await signIn(t, member.email, TEST_PASSWORD), ws.id);
    expect((await m.read()).status).toBe(403);
    expect((await m.rotate()).status).toBe(403);
    const other = await makeWorkspace(db);
    const outsider = portal(t, s, other.id);
    expect((await outsider.read()).status).toBe(403);
  });
});
