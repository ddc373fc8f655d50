import { describe, expect, it } from 'vitest';
import { makeIdpKeys } from '../testing/saml-idp';
import { checkClaims } from './check-claims';
import { decodeSamlResponse } from './decode-response';
import { parseIdpCertificate } from './idp-certificate';
import { parseUntrustedXml } from './parse-xml';
import type { SamlClaims } from './read-claims';
import { relativePortalPath } from './redirect-path';
import { checkSsoUrl } from './saml-connection';
import { MAX_SAML_RESPONSE_CHARS, SAML_CLOCK_SKEW_MS, SAML_MIN_REPLAY_WINDOW_MS } from './saml-limits';

describe('redirect_to is a relative portal path', () => {
  it.each(['/app', '/app/inbox?tab=mine#top', '/'])('accepts %s', (p) =>
    expect(relativePortalPath(p)).toBe(p),
  );
  it.each([
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'app',
    '/app\nLocation: x',
    '/ app',
    '',
    `/${'a'.repeat(1024)}`,
  ])('refuses %j', (p) => expect(relativePortalPath(p)).toBeNull());
});

describe('the SSO URL', () => {
  it('is https, or http on loopback only in development', () => {
    expect(checkSsoUrl('https://idp.example.com/sso?x=1', false)).toBe('https://idp.example.com/sso?x=1');
    expect(checkSsoUrl('http://idp.example.com/sso', true)).toBeNull();
    expect(checkSsoUrl('http://127.0.0.1:9999/sso', true)).toBe('http://127.0.0.1:9999/sso');
    expect(checkSsoUrl('http://127.0.0.1:9999/sso', false)).toBeNull();
    expect(checkSsoUrl('https://user:pw@idp.example.com/', false)).toBeNull();
    expect(checkSsoUrl('https://idp.example.com/#x', false)).toBeNull();
    expect(checkSsoUrl('javascript:alert(1)', true)).toBeNull();
  });
});

describe('the IdP certificate', () => {
  const keys = makeIdpKeys();
  const now = new Date();
  it('answers the canonical PEM, the colon-separated SHA-256 fingerprint and the expiry', () => {
    const r = parseIdpCertificate(`\n  ${keys.certPem}  \n`, now);
    if (!r.ok) throw new Error(r.reason);
    expect(r.cert.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(r.cert.notAfter.getTime()).toBeGreaterThan(now.getTime());
    expect(r.cert.pem).toContain('-----BEGIN CERTIFICATE-----');
  });
  it('refuses garbage, two certificates, a private key, a small key and an expired certificate', () => {
    const reason = (pem: string, at = now) => {
      const r = parseIdpCertificate(pem, at);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason('hello')).toBe('not_pem');
    expect(reason('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toBe('not_pem');
    expect(reason(keys.certPem + keys.certPem)).toBe('several_certificates');
    expect(reason(keys.keyPem)).toBe('not_pem');
    expect(reason(makeIdpKeys({ bits: 1024 }).certPem)).toBe('key_too_small');
    expect(reason(keys.certPem, new Date(Date.now() + 3651 * 86_400_000))).toBe('expired');
  });
});

describe('the SAMLResponse field', () => {
  it('is capped before decoding, strict base64, UTF-8', () => {
    expect(decodeSamlResponse('A'.repeat(MAX_SAML_RESPONSE_CHARS + 4))).toEqual({
      ok: false,
      reason: 'response_too_large',
    });
    expect(decodeSamlResponse('not base64!')).toEqual({ ok: false, reason: 'not_base64' });
    expect(decodeSamlResponse('')).toEqual({ ok: false, reason: 'not_base64' });
    expect(decodeSamlResponse(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'))).toEqual({
      ok: false,
      reason: 'not_base64',
    });
    expect(decodeSamlResponse(`${Buffer.from('<a/>').toString('base64')}\r\n`)).toEqual({
      ok: true,
      value: '<a/>',
    });
  });
});

describe('untrusted XML', () => {
  it('refuses any DOCTYPE or ENTITY before parsing, and anything the parser complains about', () => {
    expect(parseUntrustedXml('<!DOCTYPE a><a/>')).toEqual({ ok: false, reason: 'doctype_present' });
    expect(parseUntrustedXml('<a><!doctype x></a>')).toEqual({ ok: false, reason: 'doctype_present' });
    expect(parseUntrustedXml('<a><!ENTITY x "y"></a>')).toEqual({ ok: false, reason: 'doctype_present' });
    expect(parseUntrustedXml('<a><b></a>').ok).toBe(false);
    expect(parseUntrustedXml('<a/><b/>').ok).toBe(false);
    expect(parseUntrustedXml('<a>&unknown;</a>').ok).toBe(false);
    expect(parseUntrustedXml('').ok).toBe(false);
    const ok = parseUntrustedXml('<a x="1"><b/></a>');
    expect(ok.ok && ok.value.documentElement.localName).toBe('a');
  });
});

describe('the claim checks of 4.5', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const x = {
    idpEntityId: 'https://idp.example/e',
    spEntityId: 'https://sp.example/saml/w/metadata',
    acsUrl: 'https://sp.example/saml/w/acs',
    now,
  };
  const good = (): SamlClaims => ({
    destination: x.acsUrl,
    versions: ['2.0', '2.0'],
    responseInResponseTo: '_req',
    responseIssuer: x.idpEntityId,
    statusSuccess: true,
    assertionId: '_a1',
    issuer: x.idpEntityId,
    nameId: 'Ada@Example.com',
    bearers: [{ recipient: x.acsUrl, notOnOrAfter: at(300_000), notBefore: null, inResponseTo: '_req' }],
    otherConfirmations: 0,
    conditions: { notBefore: at(-60_000), notOnOrAfter: at(300_000), audiences: [[x.spEntityId]] },
  });
  const reason = (change: (c: SamlClaims) => void) => {
    const c = good();
    change(c);
    const r = checkClaims(c, x);
    return r.ok ? 'ok' : r.reason;
  };

  it('accepts a good assertion and keeps its id until its end plus the skew, at least the minimum window', () => {
    const r = checkClaims(good(), x);
    expect(r).toEqual({
      ok: true,
      value: {
        assertionId: '_a1',
        nameId: 'Ada@Example.com',
        inResponseTo: '_req',
        keepUntil: new Date(now.getTime() + SAML_MIN_REPLAY_WINDOW_MS),
      },
    });
    const long = good();
    long.bearers[0]!.notOnOrAfter = at(900_000);
    long.conditions!.notOnOrAfter = at(1_800_000);
    const kept = checkClaims(long, x);
    expect(kept.ok && kept.value.keepUntil).toEqual(new Date(now.getTime() + 1_800_000 + SAML_CLOCK_SKEW_MS));
  });

  it('refuses each broken rule with its own reason', () => {
    expect(reason((c) => (c.versions = ['2.0', '1.1']))).toBe('not_a_response');
    expect(reason((c) => (c.versions = [null, '2.0']))).toBe('not_a_response');
    expect(reason((c) => (c.statusSuccess = false))).toBe('status_not_success');
    expect(reason((c) => (c.issuer = 'https://idp.example/e2'))).toBe('issuer_mismatch');
    expect(reason((c) => (c.issuer = null))).toBe('issuer_mismatch');
    expect(reason((c) => (c.responseIssuer = 'https://evil'))).toBe('issuer_mismatch');
    expect(reason((c) => (c.destination = `${x.acsUrl}/`))).toBe('destination_mismatch');
    expect(reason((c) => (c.destination = null))).toBe('destination_mismatch');
    expect(reason((c) => (c.conditions!.audiences = [[x.spEntityId], ['https://other']]))).toBe(
      'audience_mismatch',
    );
    expect(reason((c) => (c.conditions!.audiences = []))).toBe('audience_mismatch');
    expect(reason((c) => (c.conditions = null))).toBe('audience_mismatch');
    expect(reason((c) => (c.bearers = []))).toBe('subject_confirmation');
    expect(reason((c) => (c.otherConfirmations = 1))).toBe('subject_confirmation');
    expect(reason((c) => (c.bearers[0]!.recipient = 'https://sp.example/saml/other/acs'))).toBe(
      'recipient_mismatch',
    );
    expect(reason((c) => (c.bearers[0]!.notOnOrAfter = null))).toBe('subject_confirmation');
    expect(reason((c) => (c.bearers[0]!.notBefore = at(0)))).toBe('subject_confirmation');
    expect(reason((c) => (c.bearers[0]!.notOnOrAfter = '2026-11-27T12:05:00+01:00'))).toBe(
      'subject_confirmation',
    );
    expect(reason((c) => (c.responseInResponseTo = '_other'))).toBe('in_response_to_mismatch');
    expect(reason((c) => (c.bearers[0]!.inResponseTo = null))).toBe('in_response_to_mismatch');
    expect(reason((c) => (c.nameId = 'not-an-email'))).toBe('name_id_invalid');
    expect(reason((c) => (c.nameId = null))).toBe('name_id_invalid');
  });

  it('brackets now with the recorded skew, on both ends', () => {
    const skew = SAML_CLOCK_SKEW_MS;
    expect(reason((c) => (c.conditions!.notBefore = at(skew)))).toBe('ok');
    expect(reason((c) => (c.conditions!.notBefore = at(skew + 1000)))).toBe('not_yet_valid');
    expect(reason((c) => (c.conditions!.notOnOrAfter = at(-skew + 1000)))).toBe('ok');
    expect(reason((c) => (c.conditions!.notOnOrAfter = at(-skew)))).toBe('expired');
    expect(reason((c) => (c.bearers[0]!.notOnOrAfter = at(-skew)))).toBe('expired');
  });
});
