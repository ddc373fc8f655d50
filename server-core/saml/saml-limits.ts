import { MINUTE } from '../lib/clock';

/** How far the identity provider's clock may be from ours when NotBefore / NotOnOrAfter are checked. */
export const SAML_CLOCK_SKEW_MS = 2 * MINUTE;
/** How long a minted AuthnRequest waits for its response in the single-use store. */
export const SAML_REQUEST_TTL_MS = 10 * MINUTE;
/** How long an e-mailed ownership confirmation of an identity not yet bound stays usable. */
export const SAML_CONFIRMATION_TTL_MS = 30 * MINUTE;
/** Accepted assertion ids are kept at least this long, even when the assertion claims a shorter life. */
export const SAML_MIN_REPLAY_WINDOW_MS = 10 * MINUTE;
/**
 * The SAMLResponse form field, base64, is refused above this many characters before it is decoded (a
 * signed response with one assertion is 5 to 15 KB; 256 KB leaves room for large attribute sets).
 */
export const MAX_SAML_RESPONSE_CHARS = 256 * 1024;
/** The RelayState field (our own opaque handle, 43 characters) is refused above this length. */
export const MAX_RELAY_STATE_CHARS = 512;
