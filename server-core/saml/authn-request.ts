import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { escapeXml } from './escape-xml';
import type { SpUrls } from './sp-urls';

/** A fresh AuthnRequest id: an NCName (xs:ID) with 160 random bits. */
export const newRequestId = (): string => `_${randomBytes(20).toString('hex')}`;

/** The AuthnRequest this service sends: HTTP-POST response to our ACS, e-mail NameID, unsigned. */
export function authnRequestXml(input: {
  id: string;
  issueInstant: Date;
  sp: SpUrls;
  destination: string;
}): string {
  return (
    '<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ' +
    'xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
    `ID="${escapeXml(input.id)}" Version="2.0" IssueInstant="${input.issueInstant.toISOString()}" ` +
    `Destination="${escapeXml(input.destination)}" ` +
    'ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" ' +
    `AssertionConsumerServiceURL="${escapeXml(input.sp.acsUrl)}">` +
    `<saml:Issuer>${escapeXml(input.sp.entityId)}</saml:Issuer>` +
    '<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress" AllowCreate="true"/>' +
    '</samlp:AuthnRequest>'
  );
}

/**
 * The HTTP-Redirect binding (SAML bindings 3.4): DEFLATE, base64, as the SAMLRequest query parameter of
 * the IdP's SSO URL (its own query kept), with the RelayState handle. Unsigned: a signed request is
 * optional in the spec and this service holds no SP signing key.
 */
export function redirectBindingUrl(ssoUrl: string, xml: string, relayState: string): string {
  const url = new URL(ssoUrl);
  url.searchParams.set('SAMLRequest', deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'));
  url.searchParams.set('RelayState', relayState);
  return url.href;
}
