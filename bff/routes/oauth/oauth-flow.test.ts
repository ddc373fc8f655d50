import * as oauth from 'oauth4webapi';
import { expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import {
  authorizationUrl,
  authorizeAndExchange,
  consent,
  ISSUER_URL,
  oauthWorld,
  postForm,
  REDIRECT_URI,
} from '../../testing/oauth';

/** The whole flow, driven by oauth4webapi (a maintained OAuth client) against the app. */
describeDb('OAuth flow with oauth4webapi', (getDb) => {
  it('discovers, authorizes with PKCE and state (iss checked), exchanges, calls the API, refreshes, introspects', async () => {
    const w = await oauthWorld(getDb());
    expect(w.as).toMatchObject({
      issuer: `${ISSUER_URL}/`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });

    const attempt = await authorizationUrl(w);
    const { html, location } = await consent(w, w.owner, attempt.url);
    expect(html).toContain('Acme &lt;CRM&gt;');
    expect(html).toContain('API test');
    expect(location!.origin + location!.pathname).toBe(REDIRECT_URI);
    expect(location!.searchParams.get('iss')).toBe(`${ISSUER_URL}/`);
    const params = oauth.validateAuthResponse(w.as, w.client, location!, attempt.state);
    // A forged iss is refused by the client library (RFC 9207).
    const forged = new URL(location!);
    forged.searchParams.set('iss', 'https://evil.example/');
    expect(() => oauth.validateAuthResponse(w.as, w.client, forged, attempt.state)).toThrow();

    const res = await oauth.authorizationCodeGrantRequest(
      w.as,
      w.client,
      oauth.ClientSecretBasic(w.clientSecret),
      params,
      REDIRECT_URI,
      attempt.verifier,
      w.options,
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const tokens = await oauth.processAuthorizationCodeResponse(w.as, w.client, res);
    expect(Object.keys(tokens).sort()).toEqual(
      ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type', 'workspace_id'].sort(),
    );
    expect(tokens).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'contacts:read contacts:write webhooks:read',
      workspace_id: w.customer.workspaceId,
    });

    const api = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(`${ISSUER_URL}/api/v1/contacts`),
      undefined,
      undefined,
      w.options,
    );
    expect(api.status).toBe(200);
    // The same per-ability check as API keys: a scope it lacks is 403 missing_ability.
    const noAbility = await w.t.app.request('/api/v1/retrieval/query', {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'refunds' }),
    });
    expect(noAbility.status).toBe(403);
    expect(((await noAbility.json()) as { error: { code: string } }).error.code).toBe('missing_ability');

    const introspect = async (token: string) =>
      oauth.processIntrospectionResponse(
        w.as,
        w.client,
        await oauth.introspectionRequest(
          w.as,
          w.client,
          oauth.ClientSecretPost(w.clientSecret),
          token,
          w.options,
        ),
      );
    const active = await introspect(tokens.access_token);
    expect(active).toMatchObject({
      active: true,
      scope: 'contacts:read contacts:write webhooks:read',
      client_id: w.client.client_id,
      token_type: 'Bearer',
      workspace_id: w.customer.workspaceId,
      workspace_name: 'API test',
    });
    expect(active.exp! - active.iat!).toBe(3600);
    expect(await introspect(tokens.refresh_token!)).toEqual({ active: false });

    const refreshed = await oauth.processRefreshTokenResponse(
      w.as,
      w.client,
      await oauth.refreshTokenGrantRequest(
        w.as,
        w.client,
        oauth.ClientSecretPost(w.clientSecret),
        tokens.refresh_token!,
        w.options,
      ),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await introspect(refreshed.access_token)).active).toBe(true);

    // Refresh reuse: the consumed token fails and the whole family goes (the new pair too).
    const reuse = await oauth.refreshTokenGrantRequest(
      w.as,
      w.client,
      oauth.ClientSecretBasic(w.clientSecret),
      tokens.refresh_token!,
      w.options,
    );
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await introspect(refreshed.access_token)).toEqual({ active: false });
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
    const afterFamily = await postForm(w, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshed.refresh_token!,
      client_id: w.client.client_id,
      client_secret: w.clientSecret,
    });
    expect(afterFamily.status).toBe(400);
    const audit = await w.customer.ctx.db.query<{ action: string }>(
      `select action from audit_log where workspace_id = $1 order by id`,
      [w.customer.workspaceId],
    );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['oauth_install.granted', 'oauth_tokens.family_revoked']),
    );
  });

  it('a second install flow still works after the first was revoked through the portal', async () => {
    const w = await oauthWorld(getDb());
    const tokens = await authorizeAndExchange(w);
    const installs = await w.t.app.request(`/api/v1/workspaces/${w.customer.workspaceId}/oauth-installs`, {
      headers: w.owner.headers,
    });
    const list = (await installs.json()) as { data: { id: string; scopes: string[]; client_id: string }[] };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.client_id).toBe(w.client.client_id);
    const revoked = await w.t.app.request(
      `/api/v1/workspaces/${w.customer.workspaceId}/oauth-installs/${list.data[0]!.id}`,
      { method: 'DELETE', headers: w.owner.headers },
    );
    expect(revoked.status).toBe(200);
    const call = await w.customer.call('/api/v1/contacts', { key: tokens.access_token });
    expect(call.status).toBe(401);
    const again = await authorizeAndExchange(w);
    expect((await w.customer.call('/api/v1/contacts', { key: again.access_token })).status).toBe(200);
  });
});
