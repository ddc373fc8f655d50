import type { SamlClaims } from './read-claims';
import { accept, type Checked, refuse } from './refusal';
import { SAML_CLOCK_SKEW_MS, SAML_MIN_REPLAY_WINDOW_MS } from './saml-limits';

export interface ClaimExpectations {
  idpEntityId: string;
  spEntityId: string;
  acsUrl: string;
  now: Date;
}

export interface AcceptedClaims {
  assertionId: string;
  /** The e-mail address the IdP names (NameID), as sent. */
  nameId: string;
  /** The request this answers, or null for an IdP-initiated response. */
  inResponseTo: string | null;
  /** Until when the assertion id must be remembered (its last validity instant plus the skew). */
  keepUntil: Date;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,255}$/;
const MAX_ID = 256;

/** An xs:dateTime in UTC as SAML requires (`Z`), or null when absent or anything else. */
function instant(value: string | null): Date | null {
  if (value === null || !ISO_INSTANT.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Every claim check of spec service-api.md 4.5 that needs no database, in our own code: SAML 2.0 (the
 * Version of Response and Assertion); status Success;
 * Issuer (the assertion's, and the response's when present) equals the configured IdP entity id;
 * Destination equals this workspace's ACS exactly; every AudienceRestriction names our SP entity id;
 * exactly one bearer SubjectConfirmation and nothing else, whose Recipient is this ACS, with a
 * NotOnOrAfter and no NotBefore; NotBefore / NotOnOrAfter bracket now within SAML_CLOCK_SKEW_MS; the
 * InResponseTo of response and confirmation agree; NameID is an e-mail address.
 */
export function checkClaims(c: SamlClaims, x: ClaimExpectations): Checked<AcceptedClaims> {
  const now = x.now.getTime();
  if (c.versions[0] !== '2.0' || c.versions[1] !== '2.0') return refuse('not_a_response');
  if (!c.statusSuccess) return refuse('status_not_success');
  if (c.issuer !== x.idpEntityId) return refuse('issuer_mismatch');
  if (c.responseIssuer !== null && c.responseIssuer !== x.idpEntityId) return refuse('issuer_mismatch');
  if (c.destination !== x.acsUrl) return refuse('destination_mismatch');
  const audiences = c.conditions?.audiences ?? [];
  if (audiences.length === 0 || !audiences.every((r) => r.includes(x.spEntityId)))
    return refuse('audience_mismatch');
  if (c.bearers.length !== 1 || c.otherConfirmations !== 0) return refuse('subject_confirmation');
  const bearer = c.bearers[0]!;
  if (bearer.recipient !== x.acsUrl) return refuse('recipient_mismatch');
  const bearerEnd = instant(bearer.notOnOrAfter);
  if (!bearerEnd || bearer.notBefore !== null) return refuse('subject_confirmation');

  const conditions = c.conditions!;
  const notBefore = conditions.notBefore === null ? null : instant(conditions.notBefore);
  const notOnOrAfter = conditions.notOnOrAfter === null ? null : instant(conditions.notOnOrAfter);
  if ((conditions.notBefore !== null && !notBefore) || (conditions.notOnOrAfter !== null && !notOnOrAfter))
    return refuse('subject_confirmation');
  if (notBefore && notBefore.getTime() > now + SAML_CLOCK_SKEW_MS) return refuse('not_yet_valid');
  if (bearerEnd.getTime() <= now - SAML_CLOCK_SKEW_MS) return refuse('expired');
  if (notOnOrAfter && notOnOrAfter.getTime() <= now - SAML_CLOCK_SKEW_MS) return refuse('expired');

  if (
    c.responseInResponseTo !== null &&
    bearer.inResponseTo !== null &&
    c.responseInResponseTo !== bearer.inResponseTo
  )
    return refuse('in_response_to_mismatch');
  if ((c.responseInResponseTo === null) !== (bearer.inResponseTo === null))
    return refuse('in_response_to_mismatch');

  if (!c.assertionId || c.assertionId.length > MAX_ID) return refuse('signature_reference');
  if (!c.nameId || c.nameId.length > 320 || !EMAIL.test(c.nameId)) return refuse('name_id_invalid');

  const lastValid = Math.max(bearerEnd.getTime(), notOnOrAfter?.getTime() ?? 0);
  const keepUntil = new Date(Math.max(lastValid + SAML_CLOCK_SKEW_MS, now + SAML_MIN_REPLAY_WINDOW_MS));
  return accept({
    assertionId: c.assertionId,
    nameId: c.nameId,
    inResponseTo: bearer.inResponseTo,
    keepUntil,
  });
}
