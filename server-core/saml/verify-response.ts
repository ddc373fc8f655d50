import { accept, type Checked, refuse } from './refusal';
import { checkSignatureShape, verifyEnvelopedSignature } from './verify-signature';
import { allElements, attr, NS, walk } from './xml-nodes';

export interface VerifiedResponse {
  /** The Response element of the original document: only its own attributes and Status are read. */
  response: Element;
  /** The one Assertion, as covered by its verified signature. */
  assertion: Element;
}

const ID_ATTRIBUTES = ['ID', 'Id', 'id'];

/**
 * The structure and signature checks (spec service-api.md 4.5, the wrapping defences): the root is a
 * samlp:Response; it holds exactly one Assertion (none encrypted), as its direct child; no comment or
 * processing instruction anywhere in it; no ID repeated; the Assertion carries its own signature and every
 * Signature of the document is either that one or the Response's own; every signature present verifies
 * against `certificatePem`. Answers the Assertion as the signature covers it.
 */
export function verifySamlResponse(
  doc: Document,
  xml: string,
  certificatePem: string,
): Checked<VerifiedResponse> {
  const response = doc.documentElement;
  if (response.namespaceURI !== NS.protocol || response.localName !== 'Response')
    return refuse('not_a_response');

  let commentOrInstruction = false;
  const ids = new Set<string>();
  let duplicate = false;
  walk(response, (n) => {
    if (n.nodeType === 7 || n.nodeType === 8) commentOrInstruction = true;
    if (n.nodeType !== 1) return;
    for (const name of ID_ATTRIBUTES) {
      const v = attr(n as Element, name);
      if (v === null) continue;
      if (ids.has(v)) duplicate = true;
      ids.add(v);
    }
  });
  if (commentOrInstruction) return refuse('comment_or_instruction');
  if (duplicate) return refuse('duplicate_id');

  if (allElements(doc, NS.assertion, 'EncryptedAssertion').length > 0) return refuse('encrypted_assertion');
  const assertions = allElements(doc, NS.assertion, 'Assertion');
  if (assertions.length !== 1) return refuse('assertion_count');
  const assertion = assertions[0]!;
  if (assertion.parentNode !== response) return refuse('assertion_not_child_of_response');

  let assertionSignature: Element | null = null;
  let responseSignature: Element | null = null;
  for (const s of allElements(doc, NS.dsig, 'Signature')) {
    if (s.parentNode === assertion && !assertionSignature) assertionSignature = s;
    else if (s.parentNode === response && !responseSignature) responseSignature = s;
    else return refuse('unexpected_signature');
  }
  if (!assertionSignature) return refuse('assertion_unsigned');
  for (const s of [assertionSignature, responseSignature]) {
    if (!s) continue;
    const shape = checkSignatureShape(s);
    if (!shape.ok) return shape;
  }
  if (responseSignature && !verifyEnvelopedSignature(xml, responseSignature, certificatePem))
    return refuse('response_signature_invalid');
  const covered = verifyEnvelopedSignature(xml, assertionSignature, certificatePem);
  if (!covered) return refuse('signature_invalid');
  if (
    covered.namespaceURI !== NS.assertion ||
    covered.localName !== 'Assertion' ||
    attr(covered, 'ID') !== attr(assertion, 'ID')
  )
    return refuse('signature_reference');
  return accept({ response, assertion: covered });
}
