import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { setFlag } from '../../../server-core/flags/flags';
import { SECOND } from '../../../server-core/lib/clock';
import { describeDb } from '../../../server-core/testing/db';
import {
  authorizationUrl,
  authorizeAndExchange,
  consent,
  type OAuthWorld,
  oauthWorld,
  postForm,
  REDIRECT_URI,
  signedInMember,
} from '../../testing/oauth';
import { signIn } from '../../testing/services';

type Attempt = Awaited<ReturnType<typeof authorizationUrl>>;

/** A code issued through consent (not yet exchanged), with its verifier. */
async function codeFor(w: OAuthWorld, extra: Record<string, string> = {}) {
  const attempt: Attempt = await authorizationUrl(w, extra);
  const { location } = await consent(w, w.owner, attempt.url);
  const params = oauth.validateAuthResponse(w.as, w.client, location!, attempt.state);
  return { code: params.get('code')!, verifier: attempt.verifier };
}

const exchange = (w: OAuthWorld, form: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(
    w,
    '/oauth/token',
    { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...form },
    { Authorization: `Basic ${btoa(`${w.client.client_id}:${w.clientSecret}`)}`, ...headers },
  );

const introspect = (w: OAuthWorld, token: string, auth: Record<string, string> = {}) =>
  postForm(w, '/oauth/introspect', { token, ...auth }, {});

const bodyOf = async (res: Response) => (await res.json()) as Record<string, unknown>;

describeDb('OAuth hostile cases', (getDb) => {
  describe('PKCE downgrade', () => {
    it('plain, missing or another method at the authorization endpoint is a 400 page, never a redirect', async () => {
      const w = await oauthWorld(getDb());
      for (const extra of [
        { code_challenge_method: 'plain' },
        { code_challenge_method: 's256' },
        { code_challenge_method: '' },
      ]) {
        const a = await authorizationUrl(w, extra);
        const res = await w.t.app.request(a.url.href, { headers: { Cookie: w.owner.cookie } });
        expect(res.status, JSON.stringify(extra)).toBe(400);
        expect(res.headers.get('Location')).toBeNull();
        expect(await res.text()).toContain('S256');
      }
      const a = await authorizationUrl(w);
      a.url.searchParams.delete('code_challenge_method');
      expect((await w.t.app.request(a.url.href, { headers: { Cookie: w.owner.cookie } })).status).toBe(400);
      a.url.searchParams.set('code_challenge_method', 'S256');
      a.url.searchParams.delete('code_challenge');
      expect((await w.t.app.request(a.url.href, { headers: { Cookie: w.owner.cookie } })).status).toBe(400);
    });

    it('a missing verifier is invalid_request and a wrong one invalid_grant (RFC 6749 5.2 shape, no-store)', async () => {
      const w = await oauthWorld(getDb());
      const { code, verifier } = await codeFor(w);
      const missing = await exchange(w, { code });
      expect(missing.status).toBe(400);
      expect(missing.headers.get('Cache-Control')).toBe('no-store');
      const missingBody = await bodyOf(missing);
      expect(Object.keys(missingBody).sort()).toEqual(['error', 'error_description']);
      expect(missingBody.error).toBe('invalid_request');
      const wrong = await exchange(w, { code, code_verifier: oauth.generateRandomCodeVerifier() });
      expect(wrong.status).toBe(400);
      expect((await bodyOf(wrong)).error).toBe('invalid_grant');
      // The plain method's "verifier = challenge" does not work either.
      const plain = await exchange(w, {
        code,
        code_verifier: await oauth.calculatePKCECodeChallenge(verifier),
      });
      expect((await bodyOf(plain)).error).toBe('invalid_grant');
      // Still usable by its owner afterwards.
      expect((await exchange(w, { code, code_verifier: verifier })).status).toBe(200);
    });
  });

  it('code replay fails and revokes the access token the code issued', async () => {
    const w = await oauthWorld(getDb());
    const { code, verifier } = await codeFor(w);
    const first = await exchange(w, { code, code_verifier: verifier });
    const tokens = (await bodyOf(first)) as { access_token: string; refresh_token: string };
    expect((await w.customer.call('/api/v1/contacts', { key: tokens.access_token })).status).toBe(200);
    const replay = await exchange(w, { code, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect((await bodyOf(replay)).error).toBe('invalid_grant');
    expect((await w.customer.call('/api/v1/contacts', { key: tokens.access_token })).status).toBe(401);
    const refresh = await postForm(w, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: w.client.client_id,
      client_secret: w.clientSecret,
    });
    expect(refresh.status).toBe(400);
    const audit = await w.customer.ctx.db.query<{ action: string }>(
      `select action from audit_log where workspace_id = $1 and action = 'oauth_code.replayed'`,
      [w.customer.workspaceId],
    );
    expect(audit).toHaveLength(1);
  });

  it('an expired code (clock moved past 60 s) is invalid_grant; at 59 s it still works', async () => {
    const w = await oauthWorld(getDb());
    const early = await codeFor(w);
    w.t.clock.advance(59 * SECOND);
    expect((await exchange(w, { code: early.code, code_verifier: early.verifier })).status).toBe(200);
    const late = await codeFor(w);
    w.t.clock.advance(60 * SECOND);
    const res = await exchange(w, { code: late.code, code_verifier: late.verifier });
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).error).toBe('invalid_grant');
  });

  it("another client's code and token: invalid_grant at the token endpoint, inactive at introspection", async () => {
    const db = getDb();
    const w = await oauthWorld(db);
    const other = await oauthWorld(db);
    const { code, verifier } = await codeFor(w);
    const stolen = await exchange(other, { code, code_verifier: verifier });
    expect(stolen.status).toBe(400);
    expect((await bodyOf(stolen)).error).toBe('invalid_grant');
    // The code was not burnt by the thief.
    const tokens = (await bodyOf(await exchange(w, { code, code_verifier: verifier }))) as {
      access_token: string;
      refresh_token: string;
    };
    const asOther = { client_id: other.client.client_id, client_secret: other.clientSecret };
    expect(await bodyOf(await introspect(w, tokens.access_token, asOther))).toEqual({ active: false });
    const refresh = await postForm(w, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      ...asOther,
    });
    expect((await bodyOf(refresh)).error).toBe('invalid_grant');
    // The owner's refresh token still works: another client cannot revoke a family.
    const own = await postForm(w, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: w.client.client_id,
      client_secret: w.clientSecret,
    });
    expect(own.status).toBe(200);
  });

  it('redirect_uri: an unregistered one is an error page, never a redirect; a different one at the token endpoint fails', async () => {
    const w = await oauthWorld(getDb());
    for (const uri of [
      'https://evil.example/callback',
      `${REDIRECT_URI}/`,
      `${REDIRECT_URI}?x=1`,
      REDIRECT_URI.replace('127.0.0.1', 'localhost'),
      REDIRECT_URI.toUpperCase(),
    ]) {
      const a = await authorizationUrl(w, { redirect_uri: uri });
      const res = await w.t.app.request(a.url.href, { headers: { Cookie: w.owner.cookie } });
      expect(res.status, uri).toBe(400);
      expect(res.headers.get('Location')).toBeNull();
    }
    const unknownClient = await authorizationUrl(w, { client_id: 'oac_nope' });
    expect((await w.t.app.request(unknownClient.url.href)).status).toBe(400);
    const { code, verifier } = await codeFor(w);
    const res = await exchange(w, {
      code,
      code_verifier: verifier,
      redirect_uri: 'http://127.0.0.1:9876/other',
    });
    expect((await bodyOf(res)).error).toBe('invalid_grant');
  });

  it('scope escalation beyond the app is refused; beyond the member, the member grants only what they hold', async () => {
    const db = getDb();
    const w = await oauthWorld(db, ['contacts:read', 'webhooks:read', 'webhooks:write']);
    const beyondApp = await authorizationUrl(w, { scope: 'contacts:read retrieval:internal' });
    const res = await w.t.app.request(beyondApp.url.href, { headers: { Cookie: w.owner.cookie } });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('Location')!);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('state')).toBe(beyondApp.state);

    // A plain member (workspace.read only) cannot delegate the webhook abilities.
    const member = await signedInMember(w.t, db, w.customer.workspaceId, 'member');
    const tokens = await authorizeAndExchange(w, member);
    expect(tokens.scope).toBe('contacts:read');
    const hooks = await w.customer.call('/api/v1/webhooks', { key: tokens.access_token });
    expect(hooks.status).toBe(403);
    // Asking only for what the member lacks: access_denied, nothing installed for them.
    const a = await authorizationUrl(w, { scope: 'webhooks:write' });
    const page = await w.t.app.request(a.url.href, { headers: { Cookie: member.cookie } });
    expect(new URL(page.headers.get('Location')!).searchParams.get('error')).toBe('access_denied');
    // The owner holds them all.
    expect((await authorizeAndExchange(w)).scope).toBe('contacts:read webhooks:read webhooks:write');
  });

  it('an API key at the token endpoint is ignored (the request still fails); as introspection credential it is 401', async () => {
    const w = await oauthWorld(getDb());
    const { code, verifier } = await codeFor(w);
    const bearer = { Authorization: `Bearer ${w.customer.apiKey}` };
    const token = await postForm(
      w,
      '/oauth/token',
      { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI },
      bearer,
    );
    expect(token.status).toBe(401);
    expect((await bodyOf(token)).error).toBe('invalid_client');
    expect(token.headers.get('WWW-Authenticate')).toBe('Basic realm="oauth"');
    const withClientId = await postForm(
      w,
      '/oauth/token',
      {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: w.client.client_id,
      },
      bearer,
    );
    expect(withClientId.status).toBe(401);
    const intro = await postForm(w, '/oauth/introspect', { token: 'oat_x' }, bearer);
    expect(intro.status).toBe(401);
    expect((await bodyOf(intro)).error).toBe('invalid_client');
    // A wrong secret is the same answer as an unknown client.
    const wrong = await introspect(w, 'x', { client_id: w.client.client_id, client_secret: 'oas_wrong' });
    const unknown = await introspect(w, 'x', { client_id: 'oac_unknown', client_secret: 'oas_wrong' });
    expect([wrong.status, await bodyOf(wrong)]).toEqual([unknown.status, await bodyOf(unknown)]);
  });

  it('introspection answers exactly { active: false } for refresh, expired, revoked, unknown tokens', async () => {
    const w = await oauthWorld(getDb());
    const tokens = await authorizeAndExchange(w);
    const auth = { client_id: w.client.client_id, client_secret: w.clientSecret };
    for (const t of [tokens.refresh_token!, 'oat_unknown', '', 'x'.repeat(300)]) {
      const res = await introspect(w, t || 'z', auth);
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toEqual({ active: false });
    }
    w.t.clock.advance(3600 * SECOND);
    expect(await bodyOf(await introspect(w, tokens.access_token, auth))).toEqual({ active: false });
    expect((await w.customer.call('/api/v1/contacts', { key: tokens.access_token })).status).toBe(401);
  });

  it('the flag off: registration answers 404 before the body is read; the consent page is 404; listing and revoking still work', async () => {
    const db = getDb();
    const w = await oauthWorld(db);
    const tokens = await authorizeAndExchange(w);
    await setFlag(db, w.dev.workspaceId, 'feature.oauth.app_platform', false, w.t.clock.now());
    await setFlag(db, w.customer.workspaceId, 'feature.oauth.app_platform', false, w.t.clock.now());
    w.t.clock.advance(6 * SECOND); // past the flag cache, whether or not the NOTIFY arrived first
    const devOwner = await signIn(w.t, w.dev.ownerEmail, w.dev.ownerPassword);
    for (const body of [
      '{"nonsense": true}',
      '{}',
      '{"name": 1}',
      '{not json',
      `{"name": "${'x'.repeat(500)}"}`,
    ]) {
      const res = await w.t.app.request(`/api/v1/workspaces/${w.dev.workspaceId}/oauth-apps`, {
        method: 'POST',
        headers: { ...devOwner.headers, 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(404);
    }
    const list = await w.t.app.request(`/api/v1/workspaces/${w.dev.workspaceId}/oauth-apps`, {
      headers: devOwner.headers,
    });
    expect(list.status).toBe(200);
    const a = await authorizationUrl(w);
    expect((await w.t.app.request(a.url.href, { headers: { Cookie: w.owner.cookie } })).status).toBe(404);
    const installs = await w.t.app.request(`/api/v1/workspaces/${w.customer.workspaceId}/oauth-installs`, {
      headers: w.owner.headers,
    });
    expect(installs.status).toBe(200);
    // Deleting the app (flag off) revokes every token it issued.
    const del = await w.t.app.request(`/api/v1/workspaces/${w.dev.workspaceId}/oauth-apps/${w.appId}`, {
      method: 'DELETE',
      headers: devOwner.headers,
    });
    expect(del.status).toBe(204);
    expect((await w.customer.call('/api/v1/contacts', { key: tokens.access_token })).status).toBe(401);
  });

  it('the decision needs the CSRF token of the session; Deny returns access_denied with state and iss', async () => {
    const w = await oauthWorld(getDb());
    const a = await authorizationUrl(w);
    const page = await w.t.app.request(a.url.href, { headers: { Cookie: w.owner.cookie } });
    expect(page.headers.get('Content-Security-Policy')).toMatch(
      /default-src 'none'; style-src 'nonce-[^']+'; form-action 'self' http:\/\/127\.0\.0\.1:9876/,
    );
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    const fields = Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]),
    );
    const forged = await w.t.app.request('/oauth/authorize', {
      method: 'POST',
      headers: { Cookie: w.owner.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, csrf_token: 'forged', decision: 'allow' }),
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('Location')).toBeNull();
    const { location } = await consent(w, w.owner, a.url, 'deny');
    expect(location!.searchParams.get('error')).toBe('access_denied');
    expect(location!.searchParams.get('state')).toBe(a.state);
    expect(location!.searchParams.get('iss')).toBe(w.as.issuer);
    expect(location!.searchParams.get('code')).toBeNull();
  });

  it('the token and introspection endpoints are rate limited per client, before the secret is checked', async () => {
    const w = await oauthWorld(getDb(), undefined, { RATE_LIMIT_PER_KEY: '3' });
    const other = { client_id: w.client.client_id, client_secret: 'oas_wrong' };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await introspect(w, 'x', other)).status);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await postForm(w, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      ...other,
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await bodyOf(limited)).toMatchObject({ error: 'temporarily_unavailable' });
    // The right secret is throttled too until the window resets.
    const auth = { client_id: w.client.client_id, client_secret: w.clientSecret };
    expect((await introspect(w, 'x', auth)).status).toBe(429);
    w.t.clock.advance(61 * SECOND);
    expect((await introspect(w, 'x', auth)).status).toBe(200);
  });
});
