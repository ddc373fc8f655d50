import { SignedXml } from 'xml-crypto';
import { parseUntrustedXml } from './parse-xml';
import { accept, type Checked, refuse } from './refusal';
import { attr, childElements, NS, onlyChild } from './xml-nodes';

/** RSA with SHA-256 or SHA-512 only: SHA-1 signatures are refused. */
const SIGNATURE_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
]);
const DIGEST_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmlenc#sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512',
]);
/** Canonicalization without comments only: a signature "with comments" is refused. */
const CANONICALIZATIONS = new Set([
  'http://www.w3.org/2001/10/xml-exc-c14n#',
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
]);
const TRANSFORMS = new Set([...CANONICALIZATIONS, 'http://www.w3.org/2000/09/xmldsig#enveloped-signature']);

/**
 * Our own checks of one enveloped signature before the library runs: exactly one Reference, naming its
 * parent element by that element's ID, with algorithms from our short list.
 */
export function checkSignatureShape(signature: Element): Checked<null> {
  const parent = signature.parentNode as Element;
  const id = attr(parent, 'ID');
  const signedInfo = onlyChild(signature, NS.dsig, 'SignedInfo');
  if (!signedInfo || !id) return refuse('signature_reference');
  const refs = childElements(signedInfo, NS.dsig, 'Reference');
  if (refs.length !== 1 || attr(refs[0]!, 'URI') !== `#${id}`) return refuse('signature_reference');
  const method = attr(onlyChild(signedInfo, NS.dsig, 'SignatureMethod'), 'Algorithm');
  const c14n = attr(onlyChild(signedInfo, NS.dsig, 'CanonicalizationMethod'), 'Algorithm');
  const digest = attr(onlyChild(refs[0]!, NS.dsig, 'DigestMethod'), 'Algorithm');
  if (!method || !SIGNATURE_ALGORITHMS.has(method)) return refuse('signature_algorithm');
  if (!c14n || !CANONICALIZATIONS.has(c14n)) return refuse('signature_algorithm');
  if (!digest || !DIGEST_ALGORITHMS.has(digest)) return refuse('signature_algorithm');
  const transforms = onlyChild(refs[0]!, NS.dsig, 'Transforms');
  for (const t of transforms ? childElements(transforms, NS.dsig, 'Transform') : []) {
    const alg = attr(t, 'Algorithm');
    if (!alg || !TRANSFORMS.has(alg)) return refuse('signature_algorithm');
  }
  return accept(null);
}

/**
 * Verifies one enveloped signature of `xml` with the workspace's stored certificate only (KeyInfo in the
 * message is ignored), and answers the element the signature covers, re-parsed from the bytes the library
 * verified: claims are read from that element, never from the original document.
 */
export function verifyEnvelopedSignature(
  xml: string,
  signature: Element,
  certificatePem: string,
): Element | null {
  const sig = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
  try {
    sig.loadSignature(signature);
    if (!sig.checkSignature(xml)) return null;
  } catch {
    return null;
  }
  const signed = sig.getSignedReferences();
  if (signed.length !== 1) return null;
  const parsed = parseUntrustedXml(signed[0]!);
  return parsed.ok ? parsed.value.documentElement : null;
}
