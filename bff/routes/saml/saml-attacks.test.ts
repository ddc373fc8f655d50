import { inflateRawSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../../server-core/db/db';
import { MINUTE } from '../../../server-core/lib/clock';
import { spUrls } from '../../../server-core/saml/sp-urls';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import {
  type AssertionFacts,
  assertionXml,
  type IdpKeys,
  makeIdpKeys,
  responseXml,
  samlId,
  signRoot,
  toBase64,
} from '../../../server-core/testing/saml-idp';
import { cookiesFrom, json, makeTestApp, signIn, type TestApp } from '../../testing/services';
import { ACS_PER_ADDRESS } from './index';
import { REFUSED_PAGE, SAML_PAGE_CSP, THROTTLED_PAGE } from './pages';

const PUBLIC_URL = 'http://localhost:3000';
const IDP = 'https://idp.example.test/entity';
let idp: IdpKeys;
let otherKeys: IdpKeys;
beforeAll(() => {
  idp = makeIdpKeys();
  otherKeys = makeIdpKeys();
});

interface Setup {
  t: TestApp;
  ws: string;
  owner: { id: string; email: string };
  sp: ReturnType<typeof spUrls>;
}

async function setup(db: Db, opts: { idpInitiated?: boolean; jit?: boolean } = {}): Promise<Setup> {
  // Behind one proxy hop: each test names the client address it posts from.
  const t = makeTestApp(db, { PUBLIC_URL, TRUST_PROXY: '1' });
  const ws = (await makeWorkspace(db, t.clock.now())).id;
  const owner = await makeMember(db, ws, 'owner', t.clock.now());
  const s = await signIn(t, owner.email, TEST_PASSWORD);
  const res = await t.app.request(`/api/v1/workspaces/${ws}/saml-connection`, {
    method: 'PUT',
    ...json(
      {
        idp_entity_id: IDP,
        sso_url: 'https://idp.example.test/sso',
        certificate_pem: idp.certPem,
        jit_provisioning: opts.jit ?? false,
        idp_initiated: opts.idpInitiated ?? false,
        jit_role: 'member',
      },
      s.headers,
    ),
  });
  expect(res.status).toBe(200);
  return { t, ws, owner, sp: spUrls(PUBLIC_URL, ws) };
}

/** Starts an SP-initiated login: the AuthnRequest id and RelayState the service minted. */
async function startLogin(s: Setup, redirectTo = '/app/inbox') {
  const res = await s.t.app.request(`/saml/${s.ws}/continue?redirect_to=${encodeURIComponent(redirectTo)}`);
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('Location')!);
  const request = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString();
  return {
    requestId: /ID="([^"]+)"/.exec(request)![1]!,
    relayState: location.searchParams.get('RelayState')!,
  };
}

function facts(s: Setup, nameId: string, inResponseTo: string | null, over: Partial<AssertionFacts> = {}) {
  const now = s.t.clock.now().getTime();
  return {
    issuer: IDP,
    nameId,
    recipient: s.sp.acsUrl,
    audience: s.sp.entityId,
    inResponseTo,
    notBefore: new Date(now - MINUTE),
    notOnOrAfter: new Date(now + 5 * MINUTE),
    ...over,
  };
}

const responseFacts = (s: Setup, inResponseTo: string | null, destination = s.sp.acsUrl) => ({
  destination,
  issuer: IDP,
  inResponseTo,
  issueInstant: s.t.clock.now(),
});

function post(
  s: Setup,
  xml: string | null,
  relayState?: string | null,
  raw?: string,
  ws = s.ws,
  from = '198.51.100.7',
) {
  const form = new URLSearchParams();
  form.set('SAMLResponse', raw ?? toBase64(xml!));
  if (relayState) form.set('RelayState', relayState);
  return s.t.app.request(`/saml/${ws}/acs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': from },
    body: form.toString(),
  });
}

/** Binds the owner's identity through the mailed confirmation, as a first sign-in does. */
async function bindOwner(s: Setup) {
  const { requestId, relayState } = await startLogin(s);
  const signed = signRoot(assertionXml(facts(s, s.owner.email, requestId)), idp);
  const first = await post(s, responseXml(responseFacts(s, requestId), [signed]), relayState);
  expect(first.status).toBe(200);
  const browser = cookiesFrom(first);
  const [mail] = await s.t.services.db.query<{ text_body: string; to_address: string }>(
    `select text_body, to_address from mail_outbox where workspace_id = $1 and kind = 'saml_binding_confirmation'
     order by id desc limit 1`,
    [s.ws],
  );
  expect(mail!.to_address).toBe(s.owner.email);
  const link = new URL(/(http\S+confirm\?token=\S+)/.exec(mail!.text_body)![1]!);
  const token = link.searchParams.get('token')!;
  const pageRes = await s.t.app.request(link.pathname + link.search);
  expect(pageRes.status).toBe(200);
  expect(await pageRes.text()).toContain('Confirm and sign in');
  return { browser, token };
}

const confirm = (s: Setup, token: string, cookie: string) =>
  s.t.app.request(`/saml/${s.ws}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams({ token }).toString(),
  });

async function refusalReasons(s: Setup): Promise<string[]> {
  const rows = await s.t.services.db.query<{ data: { reason: string } }>(
    "select data from audit_log where workspace_id = $1 and action = 'saml.login_refused' order by id",
    [s.ws],
  );
  return rows.map((r) => r.data.reason);
}

describeDb('SAML sign-in through the HTTP-POST binding', (getDb) => {
  it('binds a first identity only after the mailed confirmation (in the same browser), then signs in directly', async () => {
    const s = await setup(getDb());
    const { browser, token } = await bindOwner(s);
    // No session yet: the ACS answered the check-your-mail page and set only the confirmation cookie.
    expect(browser).toMatch(/^saml_confirm=/);
    // Another browser (no confirmation cookie) cannot use the link.
    const elsewhere = await confirm(s, token, '');
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toBe(REFUSED_PAGE);
    const done = await confirm(s, token, browser);
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/app/inbox');
    const session = cookiesFrom(done);
    expect(session).toMatch(/session=/);
    const me = await s.t.app.request(`/api/v1/workspaces/${s.ws}/saml-connection`, {
      headers: { Cookie: session },
    });
    expect(me.status).toBe(200);
    // The link is single use.
    expect((await confirm(s, token, browser)).status).toBe(403);

    // Bound now: the next sign-in needs no mail.
    const { requestId, relayState } = await startLogin(s, '/app/settings');
    const signed = signRoot(assertionXml(facts(s, s.owner.email.toUpperCase(), requestId)), idp);
    const again = await post(s, responseXml(responseFacts(s, requestId), [signed]), relayState);
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).toBe('/app/settings');
    expect(cookiesFrom(again)).toMatch(/session=/);
    const [login] = await s.t.services.db.query<{ actor_id: string }>(
      "select actor_id from audit_log where workspace_id = $1 and action = 'saml.login'",
      [s.ws],
    );
    expect(login!.actor_id).toBe(s.owner.id);
  });

  it('provisions a person just in time through the shared membership path, after the confirmation', async () => {
    const s = await setup(getDb(), { jit: true });
    const { requestId, relayState } = await startLogin(s);
    const email = `new-${samlId().slice(1, 9)}@example.test`;
    const first = await post(
      s,
      responseXml(responseFacts(s, requestId), [signRoot(assertionXml(facts(s, email, requestId)), idp)]),
      relayState,
    );
    expect(first.status).toBe(200);
    const before = await s.t.services.db.query('select 1 from users where email_normalized = $1', [email]);
    expect(before).toHaveLength(0);
    const [mail] = await s.t.services.db.query<{ text_body: string }>(
      'select text_body from mail_outbox where workspace_id = $1 and to_address = $2',
      [s.ws, email],
    );
    const token = new URL(/(http\S+confirm\?token=\S+)/.exec(mail!.text_body)![1]!).searchParams.get(
      'token',
    )!;
    const done = await confirm(s, token, cookiesFrom(first));
    expect(done.status).toBe(303);
    const [member] = await s.t.services.db.query<{ role: string }>(
      'select m.role from memberships m join users u on u.id = m.user_id where m.workspace_id = $1 and u.email_normalized = $2',
      [s.ws, email],
    );
    expect(member!.role).toBe('member');
    const [added] = await s.t.services.db.query<{ data: { source: string } }>(
      "select data from audit_log where workspace_id = $1 and action = 'member.added'",
      [s.ws],
    );
    expect(added!.data.source).toBe('saml');
  });

  it('accepts an IdP-initiated response only where the connection opted in', async () => {
    const s = await setup(getDb(), { idpInitiated: true });
    const { browser, token } = await bindOwner(s);
    expect((await confirm(s, token, browser)).status).toBe(303);
    const signed = signRoot(assertionXml(facts(s, s.owner.email, null)), idp);
    const res = await post(s, responseXml(responseFacts(s, null), [signed]), null);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/app');
  });

  it('two concurrent posts of one response: one signs in, the other gets the refusal', async () => {
    const s = await setup(getDb());
    const { browser, token } = await bindOwner(s);
    expect((await confirm(s, token, browser)).status).toBe(303);
    const { requestId, relayState } = await startLogin(s);
    const xml = responseXml(responseFacts(s, requestId), [
      signRoot(assertionXml(facts(s, s.owner.email, requestId)), idp),
    ]);
    const answers = await Promise.all([post(s, xml, relayState), post(s, xml, relayState)]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 403]);
  });

  it('refuses every attack of the corpus with the same 403 and records the real reason', async () => {
    const db = getDb();
    const s = await setup(db);
    const other = await setup(db); // another workspace, its own connection (same IdP keys)
    const { browser, token } = await bindOwner(s);
    expect((await confirm(s, token, browser)).status).toBe(303);
    const email = s.owner.email;

    // A response accepted once, kept to replay.
    const good = await startLogin(s);
    const goodAssertionId = samlId();
    const goodXml = responseXml(responseFacts(s, good.requestId), [
      signRoot(assertionXml({ ...facts(s, email, good.requestId), id: goodAssertionId }), idp),
    ]);
    expect((await post(s, goodXml, good.relayState)).status).toBe(303);

    type Attack = () => Promise<{ xml?: string; raw?: string; relay?: string | null; ws?: string }>;
    const fresh = async (over: Partial<AssertionFacts> = {}, nameId = email) => {
      const r = await startLogin(s);
      return { ...r, a: assertionXml(facts(s, nameId, r.requestId, over)) };
    };
    const wrap = (r: { requestId: string }, parts: string[], extra = '') =>
      responseXml(responseFacts(s, r.requestId), parts, extra);
    const evil = (r: { requestId: string }) => assertionXml(facts(s, 'attacker@evil.example', r.requestId));

    const corpus: Record<string, Attack> = {
      'wrapping: unsigned assertion before the signed one': async () => {
        const r = await fresh();
        return { xml: wrap(r, [evil(r), signRoot(r.a, idp)]), relay: r.relayState };
      },
      'wrapping: unsigned assertion after the signed one': async () => {
        const r = await fresh();
        return { xml: wrap(r, [signRoot(r.a, idp), evil(r)]), relay: r.relayState };
      },
      'wrapping: signed assertion moved into Extensions': async () => {
        const r = await fresh();
        const ext = `<samlp:Extensions>${signRoot(r.a, idp)}</samlp:Extensions>`;
        return { xml: wrap(r, [evil(r)], ext), relay: r.relayState };
      },
      'wrapping: signed assertion moved into the Object of a forged signature': async () => {
        const r = await fresh();
        const signed = signRoot(r.a, idp);
        const sig =
          /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed)?.[0] ??
          /<Signature[\s\S]*<\/Signature>/.exec(signed)![0];
        const forged = sig.replace(
          /<\/(ds:)?Signature>$/,
          (end) => `<Object xmlns="http://www.w3.org/2000/09/xmldsig#">${signed}</Object>${end}`,
        );
        const evilSigned = evil(r).replace('</saml:Issuer>', `</saml:Issuer>${forged}`);
        return { xml: wrap(r, [evilSigned]), relay: r.relayState };
      },
      'wrapping: signed assertion alone in Extensions': async () => {
        const r = await fresh();
        return {
          xml: wrap(r, [], `<samlp:Extensions>${signRoot(r.a, idp)}</samlp:Extensions>`),
          relay: r.relayState,
        };
      },
      'a signed response carrying an unsigned assertion': async () => {
        const r = await fresh();
        return { xml: signRoot(wrap(r, [r.a]), idp), relay: r.relayState };
      },
      'an unsigned assertion': async () => {
        const r = await fresh();
        return { xml: wrap(r, [r.a]), relay: r.relayState };
      },
      'a comment inside NameID (user@evil.com<!---->.example.com)': async () => {
        const r = await fresh({}, 'user@evil.com.example.com');
        const signed = signRoot(r.a, idp).replace(
          'user@evil.com.example.com',
          'user@evil.com<!---->.example.com',
        );
        return { xml: wrap(r, [signed]), relay: r.relayState };
      },
      'NameID changed after signing': async () => {
        const r = await fresh({}, 'someone@example.test');
        return {
          xml: wrap(r, [signRoot(r.a, idp).replace('someone@example.test', email)]),
          relay: r.relayState,
        };
      },
      'signed by another key (no KeyInfo)': async () => {
        const r = await fresh();
        return { xml: wrap(r, [signRoot(r.a, otherKeys, { keyInfo: false })]), relay: r.relayState };
      },
      'a self-signed certificate embedded in KeyInfo': async () => {
        const r = await fresh();
        return { xml: wrap(r, [signRoot(r.a, otherKeys)]), relay: r.relayState };
      },
      'signed with RSA-SHA1': async () => {
        const r = await fresh();
        const signed = signRoot(r.a, idp, {
          signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
          digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
        });
        return { xml: wrap(r, [signed]), relay: r.relayState };
      },
      'wrong Issuer': async () => {
        const r = await fresh({ issuer: 'https://evil.example/idp' });
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState };
      },
      'wrong Audience': async () => {
        const r = await fresh({ audience: 'https://another-sp.example/metadata' });
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState };
      },
      "Recipient of another workspace's ACS": async () => {
        const r = await fresh({ recipient: other.sp.acsUrl });
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState };
      },
      "Destination of another workspace's ACS": async () => {
        const r = await fresh();
        return {
          xml: responseXml(responseFacts(s, r.requestId, other.sp.acsUrl), [signRoot(r.a, idp)]),
          relay: r.relayState,
        };
      },
      'expired assertion': async () => {
        const now = s.t.clock.now().getTime();
        const r = await fresh({
          notBefore: new Date(now - 20 * MINUTE),
          notOnOrAfter: new Date(now - 5 * MINUTE),
        });
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState };
      },
      'assertion not yet valid': async () => {
        const now = s.t.clock.now().getTime();
        const r = await fresh({
          notBefore: new Date(now + 5 * MINUTE),
          notOnOrAfter: new Date(now + 10 * MINUTE),
        });
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState };
      },
      'InResponseTo unknown': async () => {
        const r = await startLogin(s);
        const unknown = samlId();
        const a = assertionXml(facts(s, email, unknown));
        return { xml: responseXml(responseFacts(s, unknown), [signRoot(a, idp)]), relay: r.relayState };
      },
      'InResponseTo replayed (a consumed request)': async () => {
        const a = assertionXml(facts(s, email, good.requestId));
        return {
          xml: responseXml(responseFacts(s, good.requestId), [signRoot(a, idp)]),
          relay: good.relayState,
        };
      },
      'RelayState of another request': async () => {
        const r = await fresh();
        const otherRequest = await startLogin(s);
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: otherRequest.relayState };
      },
      'an IdP-initiated response when not opted in': async () => {
        const a = assertionXml(facts(s, email, null));
        return { xml: responseXml(responseFacts(s, null), [signRoot(a, idp)]), relay: null };
      },
      'the accepted response posted again': async () => ({ xml: goodXml, relay: good.relayState }),
      'a replayed assertion id in a new response': async () => {
        const r = await fresh({ id: goodAssertionId });
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState };
      },
      'status other than Success': async () => {
        const r = await fresh();
        const xml = responseXml(
          { ...responseFacts(s, r.requestId), status: 'urn:oasis:names:tc:SAML:2.0:status:Requester' },
          [signRoot(r.a, idp)],
        );
        return { xml, relay: r.relayState };
      },
      'XXE (external entity)': async () => {
        const r = await fresh();
        const xml = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${wrap(r, [signRoot(r.a, idp)]).replace('</saml:Issuer>', '&xxe;</saml:Issuer>')}`;
        return { xml, relay: r.relayState };
      },
      'billion laughs': async () => {
        const lol = ['<!ENTITY lol "lol">'];
        for (let i = 1; i < 10; i++)
          lol.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
        return {
          xml: `<?xml version="1.0"?><!DOCTYPE lolz [${lol.join('')}]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&lol9;</samlp:Response>`,
        };
      },
      'a 5 MB response': async () => {
        const r = await fresh();
        const padding = `<samlp:Extensions>${'<x>padding</x>'.repeat(380_000)}</samlp:Extensions>`;
        return { xml: wrap(r, [signRoot(r.a, idp)], padding), relay: r.relayState };
      },
      'a response just under the form limit, over the decoded cap': async () => {
        return { raw: 'A'.repeat(300 * 1024) };
      },
      'not base64': async () => ({ raw: '<samlp:Response/>' }),
      'duplicate IDs': async () => {
        const r = await fresh();
        const signed = signRoot(r.a, idp);
        const id = /ID="([^"]+)"/.exec(signed)![1]!;
        return {
          xml: wrap(r, [signed], `<samlp:Extensions><x ID="${id}"/></samlp:Extensions>`),
          relay: r.relayState,
        };
      },
      'an encrypted assertion': async () => {
        const r = await fresh();
        return {
          xml: wrap(r, [signRoot(r.a, idp)], '<saml:EncryptedAssertion><x/></saml:EncryptedAssertion>'),
          relay: r.relayState,
        };
      },
      "this workspace's response posted to another workspace's ACS": async () => {
        const r = await fresh();
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState, ws: other.ws };
      },
      'a subject that is no member (no just-in-time provisioning)': async () => {
        const r = await fresh({}, 'stranger@example.test');
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState };
      },
      'an unknown workspace': async () => {
        const r = await fresh();
        return { xml: wrap(r, [signRoot(r.a, idp)]), relay: r.relayState, ws: '01m6bhr39yfvw8g1d4g2ns1e0z' };
      },
      'a comment inside DigestValue (CVE-2025-29775)': async () => {
        const r = await fresh();
        const signed = signRoot(r.a, idp).replace(/<DigestValue>(.{8})/, '<DigestValue>$1<!---->');
        return { xml: wrap(r, [signed]), relay: r.relayState };
      },
      'a second Reference in SignedInfo (CVE-2025-29774)': async () => {
        const r = await fresh();
        const signed = signRoot(r.a, idp);
        const ref = /<Reference[\s\S]*?<\/Reference>/.exec(signed)![0];
        return {
          xml: wrap(r, [signed.replace(ref, ref + ref.replace(/URI="[^"]*"/, 'URI=""'))]),
          relay: r.relayState,
        };
      },
      'a second Signature inside the assertion': async () => {
        const r = await fresh();
        const signed = signRoot(r.a, idp);
        const sig = /<Signature[\s\S]*<\/Signature>/.exec(signed)![0];
        return { xml: wrap(r, [signed.replace(sig, sig + sig)]), relay: r.relayState };
      },
      'a processing instruction inside the assertion': async () => {
        const r = await fresh();
        const signed = signRoot(r.a, idp).replace('</saml:Issuer>', '</saml:Issuer><?evil x?>');
        return { xml: wrap(r, [signed]), relay: r.relayState };
      },
    };

    const accepted: string[] = [];
    // From many addresses: one address is throttled after ACS_PER_ADDRESS posts a minute (tested below).
    for (const [i, [name, attack]] of Object.entries(corpus).entries()) {
      const a = await attack();
      const res = await post(s, a.xml ?? null, a.relay ?? null, a.raw, a.ws ?? s.ws, `203.0.113.${i + 1}`);
      const body = await res.text();
      if (res.status !== 403 || body !== REFUSED_PAGE || res.headers.get('Set-Cookie'))
        accepted.push(`${name}: ${res.status}`);
    }
    expect(accepted).toEqual([]);
    expect(Object.keys(corpus).length).toBeGreaterThanOrEqual(39);
    console.info(`SAML attack corpus: ${Object.keys(corpus).length} attacks, ${accepted.length} accepted`);

    const reasons = await refusalReasons(s);
    expect(new Set(reasons)).toEqual(
      new Set([
        'assertion_count',
        'assertion_not_child_of_response',
        'assertion_unsigned',
        'comment_or_instruction',
        'signature_invalid',
        'signature_algorithm',
        'issuer_mismatch',
        'audience_mismatch',
        'recipient_mismatch',
        'destination_mismatch',
        'expired',
        'not_yet_valid',
        'in_response_to_unknown',
        'idp_initiated_not_allowed',
        'assertion_replayed',
        'status_not_success',
        'doctype_present',
        'response_too_large',
        'not_base64',
        'duplicate_id',
        'encrypted_assertion',
        'subject_not_member',
        'signature_reference',
        'unexpected_signature',
      ]),
    );
    // The other workspace logged the response posted to it, under its own name.
    expect(await refusalReasons(other)).toEqual(['destination_mismatch']);
  });

  it('throttles one address after ACS_PER_ADDRESS posts a minute, before reading or auditing anything', async () => {
    const s = await setup(getDb());
    const garbage = () => post(s, null, null, 'not base64 at all');
    for (let i = 0; i < ACS_PER_ADDRESS.limit; i++) expect((await garbage()).status).toBe(403);
    const audited = (await refusalReasons(s)).length;
    const throttled = await garbage();
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toBe(THROTTLED_PAGE);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(throttled.headers.get('Content-Security-Policy')).toBe(SAML_PAGE_CSP);
    expect((await refusalReasons(s)).length).toBe(audited);
    // Another address is not held up; the first is served again in the next minute.
    expect((await post(s, null, null, 'still not base64', s.ws, '198.51.100.8')).status).toBe(403);
    s.t.clock.advance(MINUTE);
    expect((await garbage()).status).toBe(403);
  });
});
