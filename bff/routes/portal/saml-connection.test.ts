import { inflateRawSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { type IdpKeys, makeIdpKeys } from '../../../server-core/testing/saml-idp';
import { json, makeTestApp, signIn } from '../../testing/services';

const PUBLIC_URL = 'https://support.example.com';
let idp: IdpKeys;
beforeAll(() => {
  idp = makeIdpKeys();
});

const body = (over: Record<string, unknown> = {}) => ({
  idp_entity_id: 'https://idp.example.com/entity',
  sso_url: 'https://idp.example.com/sso?tenant=acme',
  certificate_pem: idp.certPem,
  jit_provisioning: true,
  idp_initiated: false,
  jit_role: 'admin',
  ...over,
});

describeDb('the SAML connection and the pages before the IdP', (getDb) => {
  it('puts and reads the connection in the house envelope, audited without the certificate', async () => {
    const t = makeTestApp(getDb(), { PUBLIC_URL });
    const ws = (await makeWorkspace(t.services.db)).id;
    const admin = await makeMember(t.services.db, ws, 'admin');
    const s = await signIn(t, admin.email, TEST_PASSWORD);
    const url = `/api/v1/workspaces/${ws}/saml-connection`;

    const none = await t.app.request(url, { headers: s.headers });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('not_found');

    const put = await t.app.request(url, { method: 'PUT', ...json(body(), s.headers) });
    expect(put.status).toBe(200);
    const { data } = (await put.json()) as { data: Record<string, unknown> };
    const base = `${PUBLIC_URL}/saml/${ws}`;
    expect(data).toMatchObject({
      idp_entity_id: 'https://idp.example.com/entity',
      sso_url: 'https://idp.example.com/sso?tenant=acme',
      jit_provisioning: true,
      idp_initiated: false,
      jit_role: 'admin',
      sp_entity_id: `${base}/metadata`,
      acs_url: `${base}/acs`,
      metadata_url: `${base}/metadata`,
      login_url: `${base}/login`,
    });
    expect(data.certificate_fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(data.certificate_not_after as string)).toBeGreaterThan(Date.now());
    expect(Object.keys(data)).not.toContain('certificate_pem');

    const got = await t.app.request(url, { headers: s.headers });
    expect(((await got.json()) as { data: unknown }).data).toEqual(data);

    const [audit] = await t.services.db.query<{ data: Record<string, unknown> }>(
      "select data from audit_log where workspace_id = $1 and action = 'saml.connection_set'",
      [ws],
    );
    expect(audit!.data.certificate_fingerprint_sha256).toBe(data.certificate_fingerprint_sha256);
    expect(JSON.stringify(audit!.data)).not.toContain('BEGIN CERTIFICATE');
  });

  it('refuses a bad certificate, a non-https SSO URL, unknown fields and members without settings.manage', async () => {
    const t = makeTestApp(getDb(), { PUBLIC_URL });
    const ws = (await makeWorkspace(t.services.db)).id;
    const owner = await makeMember(t.services.db, ws, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const url = `/api/v1/workspaces/${ws}/saml-connection`;
    const put = (b: unknown, headers = s.headers) =>
      t.app.request(url, { method: 'PUT', ...json(b, headers) });
    const detail = async (res: Response) => {
      expect(res.status).toBe(422);
      return ((await res.json()) as { error: { code: string; details: Record<string, unknown> } }).error;
    };
    expect((await detail(await put(body({ certificate_pem: 'nope' })))).details).toMatchObject({
      field: 'certificate_pem',
      rule: 'not_pem',
    });
    expect((await detail(await put(body({ sso_url: 'http://idp.example.com/sso' })))).details).toMatchObject({
      field: 'sso_url',
    });
    expect((await detail(await put(body({ jit_role: 'owner' })))).code).toBe('validation_failed');
    expect((await detail(await put({ ...body(), extra: 1 }))).code).toBe('parameter_unknown');

    const member = await makeMember(t.services.db, ws, 'member');
    const m = await signIn(t, member.email, TEST_PASSWORD);
    expect((await put(body(), m.headers)).status).toBe(403);
    expect((await t.app.request(url, { headers: m.headers })).status).toBe(403);
  });

  it('serves metadata, the handoff page and continue-login; unconfigured and off-portal redirects get their pages', async () => {
    const t = makeTestApp(getDb(), { PUBLIC_URL });
    const ws = (await makeWorkspace(t.services.db)).id;
    const owner = await makeMember(t.services.db, ws, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);

    const fallback = await t.app.request(`/saml/${ws}/login?redirect_to=/app`);
    expect(fallback.status).toBe(404);
    expect(await fallback.text()).toContain('not set up');
    expect((await t.app.request(`/saml/${ws}/metadata`)).status).toBe(404);
    expect((await t.app.request(`/saml/not-a-ulid/login`)).status).toBe(404);

    await t.app.request(`/api/v1/workspaces/${ws}/saml-connection`, {
      method: 'PUT',
      ...json(body(), s.headers),
    });

    const meta = await t.app.request(`/saml/${ws}/metadata`);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('Content-Type')).toContain('application/samlmetadata+xml');
    const xml = await meta.text();
    expect(xml).toContain(`entityID="${PUBLIC_URL}/saml/${ws}/metadata"`);
    expect(xml).toContain(`Location="${PUBLIC_URL}/saml/${ws}/acs"`);
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(xml).toContain('nameid-format:emailAddress');
    expect(xml).not.toContain('idp.example.com');

    const handoff = await t.app.request(
      `/saml/${ws}/login?redirect_to=${encodeURIComponent('/app/inbox?x=1')}`,
    );
    expect(handoff.status).toBe(200);
    const html = await handoff.text();
    expect(html).toContain(`/saml/${ws}/continue?redirect_to=%2Fapp%2Finbox%3Fx%3D1`);
    expect(handoff.headers.get('Content-Security-Policy')).toContain("default-src 'none'");

    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const q = `redirect_to=${encodeURIComponent(bad)}`;
      expect((await t.app.request(`/saml/${ws}/login?${q}`)).status).toBe(400);
      expect((await t.app.request(`/saml/${ws}/continue?${q}`)).status).toBe(400);
    }

    const go = await t.app.request(`/saml/${ws}/continue?redirect_to=/app/inbox`);
    expect(go.status).toBe(303);
    const location = new URL(go.headers.get('Location')!);
    expect(location.origin + location.pathname).toBe('https://idp.example.com/sso');
    expect(location.searchParams.get('tenant')).toBe('acme');
    const request = inflateRawSync(
      Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64'),
    ).toString();
    expect(request).toContain(`AssertionConsumerServiceURL="${PUBLIC_URL}/saml/${ws}/acs"`);
    expect(request).toContain('Destination="https://idp.example.com/sso?tenant=acme"');
    const id = /ID="([^"]+)"/.exec(request)![1]!;
    const relay = location.searchParams.get('RelayState')!;
    expect(relay).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [stored] = await t.services.db.query<{ redirect_to: string; relay_handle_hash: string }>(
      'select redirect_to, relay_handle_hash from saml_requests where workspace_id = $1 and request_id = $2',
      [ws, id],
    );
    expect(stored!.redirect_to).toBe('/app/inbox');
    expect(stored!.relay_handle_hash).not.toContain(relay);
  });
});
