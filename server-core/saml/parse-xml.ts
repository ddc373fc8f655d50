import { DOMParser } from '@xmldom/xmldom';
import { accept, type Checked, refuse } from './refusal';

/**
 * Parses XML from the network. Any DOCTYPE or ENTITY declaration is refused before the parser sees the
 * text (no DTD means no external entity and no entity expansion: XXE and billion laughs stop here), and
 * every parser warning or error is a refusal, never a repaired document.
 */
export function parseUntrustedXml(xml: string): Checked<Document> {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) return refuse('doctype_present');
  let failed = false;
  const fail = () => {
    failed = true;
  };
  let doc: Document;
  try {
    doc = new DOMParser({
      locator: {},
      errorHandler: { warning: fail, error: fail, fatalError: fail },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return refuse('malformed_xml');
  }
  if (failed || !doc?.documentElement) return refuse('malformed_xml');
  return accept(doc);
}
