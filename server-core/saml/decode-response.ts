import { accept, type Checked, refuse } from './refusal';
import { MAX_SAML_RESPONSE_CHARS } from './saml-limits';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The SAMLResponse form field to XML text. The size cap applies to the encoded text, before anything is
 * decoded; whitespace (line breaks some IdPs insert) is dropped, then only strict base64 is accepted.
 */
export function decodeSamlResponse(field: string): Checked<string> {
  if (field.length > MAX_SAML_RESPONSE_CHARS) return refuse('response_too_large');
  const compact = field.replace(/[\r\n\t ]/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) return refuse('not_base64');
  const bytes = Buffer.from(compact, 'base64');
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    return accept(text.decode(bytes));
  } catch {
    return refuse('not_base64');
  }
}
