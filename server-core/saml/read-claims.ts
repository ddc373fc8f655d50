import type { VerifiedResponse } from './verify-response';
import { attr, childElements, NS, onlyChild, soleText } from './xml-nodes';

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** What the checks of 4.5 read. Everything but the first four fields comes from the signed Assertion. */
export interface SamlClaims {
  /** From the Response element (not covered by the assertion's signature; checked all the same). */
  destination: string | null;
  /** The Version of the Response and of the Assertion: 2.0 both. */
  versions: [string | null, string | null];
  responseInResponseTo: string | null;
  responseIssuer: string | null;
  statusSuccess: boolean;
  assertionId: string | null;
  issuer: string | null;
  nameId: string | null;
  /** One entry per bearer SubjectConfirmation. */
  bearers: {
    recipient: string | null;
    notOnOrAfter: string | null;
    notBefore: string | null;
    inResponseTo: string | null;
  }[];
  /** Any SubjectConfirmation whose Method is not bearer. */
  otherConfirmations: number;
  conditions: { notBefore: string | null; notOnOrAfter: string | null; audiences: string[][] } | null;
}

/** Reads the claims: nothing here decides, checkClaims does (so every rule is one tested function). */
export function readClaims(v: VerifiedResponse): SamlClaims {
  const a = v.assertion;
  const status = onlyChild(v.response, NS.protocol, 'Status');
  const statusCode = status ? onlyChild(status, NS.protocol, 'StatusCode') : null;
  const subject = onlyChild(a, NS.assertion, 'Subject');
  const confirmations = subject ? childElements(subject, NS.assertion, 'SubjectConfirmation') : [];
  const bearers = confirmations
    .filter((c) => attr(c, 'Method') === BEARER)
    .map((c) => {
      const data = onlyChild(c, NS.assertion, 'SubjectConfirmationData');
      return {
        recipient: attr(data, 'Recipient'),
        notOnOrAfter: attr(data, 'NotOnOrAfter'),
        notBefore: attr(data, 'NotBefore'),
        inResponseTo: attr(data, 'InResponseTo'),
      };
    });
  const conditions = onlyChild(a, NS.assertion, 'Conditions');
  return {
    destination: attr(v.response, 'Destination'),
    versions: [attr(v.response, 'Version'), attr(a, 'Version')],
    responseInResponseTo: attr(v.response, 'InResponseTo'),
    responseIssuer: soleText(onlyChild(v.response, NS.assertion, 'Issuer')),
    statusSuccess: attr(statusCode, 'Value') === SUCCESS,
    assertionId: attr(a, 'ID'),
    issuer: soleText(onlyChild(a, NS.assertion, 'Issuer')),
    nameId: subject ? soleText(onlyChild(subject, NS.assertion, 'NameID')) : null,
    bearers,
    otherConfirmations: confirmations.length - bearers.length,
    conditions: conditions
      ? {
          notBefore: attr(conditions, 'NotBefore'),
          notOnOrAfter: attr(conditions, 'NotOnOrAfter'),
          audiences: childElements(conditions, NS.assertion, 'AudienceRestriction').map((r) =>
            childElements(r, NS.assertion, 'Audience').map((el) => soleText(el) ?? ''),
          ),
        }
      : null,
  };
}
