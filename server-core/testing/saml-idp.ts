import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';

/**
 * An identity provider for tests, independent of the code under test: its own RSA key and self-signed
 * X.509 certificate made by the openssl command, responses written here and signed with xml-crypto's
 * signing side (the service only ever verifies). Attack tests reshape what it signs.
 */
export interface IdpKeys {
  keyPem: string;
  certPem: string;
}

export function makeIdpKeys(opts: { bits?: number; days?: number } = {}): IdpKeys {
  const dir = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        `rsa:${opts.bits ?? 2048}`,
        '-nodes',
        '-sha256',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        String(opts.days ?? 3650),
        '-subj',
        '/CN=test-idp.example',
      ],
      { stdio: 'ignore' },
    );
    return {
      keyPem: readFileSync(join(dir, 'key.pem'), 'utf8'),
      certPem: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const samlId = () => `_${randomBytes(16).toString('hex')}`;

export interface AssertionFacts {
  id?: string;
  issuer: string;
  nameId: string;
  recipient: string;
  audience: string;
  inResponseTo?: string | null;
  notBefore: Date;
  notOnOrAfter: Date;
  issueInstant?: Date;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** An unsigned saml:Assertion as a standalone document. `nameIdXml` replaces the escaped NameID text. */
export function assertionXml(f: AssertionFacts, nameIdXml?: string): string {
  const irt = f.inResponseTo ? ` InResponseTo="${esc(f.inResponseTo)}"` : '';
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${f.id ?? samlId()}" Version="2.0" ` +
    `IssueInstant="${(f.issueInstant ?? f.notBefore).toISOString()}">` +
    `<saml:Issuer>${esc(f.issuer)}</saml:Issuer>` +
    '<saml:Subject>' +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${nameIdXml ?? esc(f.nameId)}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData NotOnOrAfter="${f.notOnOrAfter.toISOString()}" Recipient="${esc(f.recipient)}"${irt}/>` +
    '</saml:SubjectConfirmation></saml:Subject>' +
    `<saml:Conditions NotBefore="${f.notBefore.toISOString()}" NotOnOrAfter="${f.notOnOrAfter.toISOString()}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(f.audience)}</saml:Audience></saml:AudienceRestriction>` +
    '</saml:Conditions>' +
    `<saml:AuthnStatement AuthnInstant="${f.notBefore.toISOString()}"><saml:AuthnContext>` +
    '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
    '</saml:AuthnContext></saml:AuthnStatement>' +
    '</saml:Assertion>'
  );
}

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** Signs the root element of `xml` (an Assertion or a Response) with an enveloped signature after its Issuer. */
export function signRoot(
  xml: string,
  keys: IdpKeys,
  opts: { keyInfo?: boolean; signatureAlgorithm?: string; digestAlgorithm?: string } = {},
): string {
  const sig = new SignedXml({
    privateKey: keys.keyPem,
    publicCert: opts.keyInfo === false ? undefined : keys.certPem,
    signatureAlgorithm: (opts.signatureAlgorithm ?? RSA_SHA256) as typeof RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  sig.addReference({
    xpath: '/*',
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: (opts.digestAlgorithm ?? SHA256) as typeof SHA256,
  });
  sig.computeSignature(xml, {
    location: { reference: "/*/*[local-name(.)='Issuer']", action: 'after' },
  });
  return sig.getSignedXml();
}

export interface ResponseFacts {
  id?: string;
  destination: string;
  issuer: string;
  inResponseTo?: string | null;
  issueInstant: Date;
  status?: string;
}

/** A samlp:Response around the given assertion documents (their XML declarations dropped). */
export function responseXml(f: ResponseFacts, assertions: string[], extra = ''): string {
  const irt = f.inResponseTo ? ` InResponseTo="${esc(f.inResponseTo)}"` : '';
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
    `ID="${f.id ?? samlId()}" Version="2.0" IssueInstant="${f.issueInstant.toISOString()}" Destination="${esc(f.destination)}"${irt}>` +
    `<saml:Issuer>${esc(f.issuer)}</saml:Issuer>${extra}` +
    `<samlp:Status><samlp:StatusCode Value="${f.status ?? 'urn:oasis:names:tc:SAML:2.0:status:Success'}"/></samlp:Status>` +
    assertions.map((a) => a.replace(/^<\?xml[^>]*\?>/, '')).join('') +
    '</samlp:Response>'
  );
}

export const toBase64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

/** The usual good response: a signed assertion inside an unsigned response. */
export function goodResponse(keys: IdpKeys, r: ResponseFacts, a: AssertionFacts): string {
  return responseXml(r, [
    signRoot(assertionXml({ ...a, inResponseTo: a.inResponseTo ?? r.inResponseTo }), keys),
  ]);
}
