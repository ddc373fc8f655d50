import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  assertionXml,
  type IdpKeys,
  makeIdpKeys,
  responseXml,
  signRoot,
  toBase64,
} from '../server-core/testing/saml-idp';
import { launchChromium } from './support/browser';
import { demoCredentials } from './support/server';

/**
 * SAML sign-in in Chromium through the HTTP-POST binding: the handoff page continues to an identity provider
 * served by this test on loopback, whose page posts a response it signed (xml-crypto with the test's own key
 * and certificate) to the ACS. The first sign-in binds the identity through the mail read from the dev inbox;
 * the second goes straight in. Every page of ours keeps its CSP (no violation in the console).
 */

const api = () => inject('serverUrl');
const IDP_ENTITY = 'https://idp.e2e.example/entity';
let browser: Browser;
let demo: ReturnType<typeof demoCredentials>;
let idp: IdpKeys;
let idpServer: Server;
let idpUrl: string;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The IdP: reads the AuthnRequest of the HTTP-Redirect binding and answers a page that posts a signed response. */
function startIdp(): Promise<void> {
  idpServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const encoded = url.searchParams.get('SAMLRequest');
    if (url.pathname !== '/sso' || !encoded) {
      res.writeHead(404).end(); // the browser's favicon request, say
      return;
    }
    const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString();
    const id = /\bID="([^"]+)"/.exec(request)?.[1];
    const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1];
    const audience = /<saml:Issuer>([^<]+)<\/saml:Issuer>/.exec(request)?.[1];
    if (!id || !acs || !audience) {
      res.writeHead(400).end('bad AuthnRequest');
      return;
    }
    const now = Date.now();
    const facts = {
      issuer: IDP_ENTITY,
      nameId: demo.ownerEmail,
      recipient: acs,
      audience,
      inResponseTo: id,
      notBefore: new Date(now - 60_000),
      notOnOrAfter: new Date(now + 300_000),
    };
    const xml = responseXml(
      { destination: acs, issuer: IDP_ENTITY, inResponseTo: id, issueInstant: new Date(now) },
      [signRoot(assertionXml(facts), idp)],
    );
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test IdP</title></head><body>
<form method="post" action="${esc(acs)}">
<input type="hidden" name="SAMLResponse" value="${esc(toBase64(xml))}">
<input type="hidden" name="RelayState" value="${esc(url.searchParams.get('RelayState') ?? '')}">
<button type="submit">Sign in as ${esc(demo.ownerEmail)}</button></form></body></html>`);
  });
  return new Promise((ready) =>
    idpServer.listen(0, '127.0.0.1', () => {
      idpUrl = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}/sso`;
      ready();
    }),
  );
}

beforeAll(async () => {
  browser = await launchChromium();
  demo = demoCredentials(inject('serverDataDir'));
  idp = makeIdpKeys();
  await startIdp();
  const login = await fetch(`${api()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demo.ownerEmail, password: demo.ownerPassword }),
  });
  const csrf = ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token;
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${api()}/api/v1/workspaces/${demo.workspaceId}/saml-connection`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrf },
    body: JSON.stringify({
      idp_entity_id: IDP_ENTITY,
      sso_url: idpUrl,
      certificate_pem: idp.certPem,
      jit_provisioning: false,
      idp_initiated: false,
      jit_role: 'member',
    }),
  });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => idpServer?.close(done));
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return { context, page, violations };
}

/** From the handoff page, through the IdP's page, to what the ACS answers. */
async function signInThroughIdp(page: Page) {
  await page.goto(`${api()}/saml/${demo.workspaceId}/login?redirect_to=${encodeURIComponent('/docs')}`);
  const submit = page.getByRole('button', { name: `Sign in as ${demo.ownerEmail}` });
  await submit.waitFor();
  expect(page.url().startsWith(idpUrl)).toBe(true);
  await submit.click();
}

async function confirmationLink(): Promise<string> {
  const res = await fetch(`${api()}/dev/inbox/messages?to=${encodeURIComponent(demo.ownerEmail)}`);
  const { data } = (await res.json()) as { data: { kind: string; text: string }[] };
  const mail = data.find((m) => m.kind === 'saml_binding_confirmation');
  expect(mail).toBeDefined();
  return /(http\S+\/confirm\?token=\S+)/.exec(mail!.text)![1]!;
}

const sessionWorks = async (context: BrowserContext) =>
  (await context.request.get(`${api()}/api/v1/workspaces/${demo.workspaceId}/saml-connection`)).status();

it('binds the identity through the mailed confirmation, then signs in straight through the HTTP-POST binding', async () => {
  const first = await freshPage();
  await signInThroughIdp(first.page);
  await expect.poll(() => first.page.getByRole('heading', { name: 'Confirm it is you' }).count()).toBe(1);
  expect(await sessionWorks(first.context)).toBe(401);

  await first.page.goto(await confirmationLink());
  await first.page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await first.page.waitForURL(`${api()}/docs`);
  expect(await sessionWorks(first.context)).toBe(200);
  expect(first.violations).toEqual([]);
  await first.context.close();

  const second = await freshPage();
  await signInThroughIdp(second.page);
  await second.page.waitForURL(`${api()}/docs`);
  expect(await sessionWorks(second.context)).toBe(200);
  expect(second.violations).toEqual([]);

  await second.context.close();
});
