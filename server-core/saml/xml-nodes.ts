/** Namespaces of SAML 2.0 and XML Signature. */
export const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

const ELEMENT = 1;

/** The element children of `parent` with this namespace and local name (direct children only). */
export function childElements(parent: Node, ns: string, localName: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (
      n.nodeType === ELEMENT &&
      (n as Element).namespaceURI === ns &&
      (n as Element).localName === localName
    )
      out.push(n as Element);
  }
  return out;
}

/** The single direct child with this name, or null when there is none or more than one. */
export function onlyChild(parent: Node, ns: string, localName: string): Element | null {
  const found = childElements(parent, ns, localName);
  return found.length === 1 ? found[0]! : null;
}

/** Every element of the document with this namespace and local name, wherever it is. */
export function allElements(doc: Document | Element, ns: string, localName: string): Element[] {
  return Array.from(doc.getElementsByTagNameNS(ns, localName) as unknown as ArrayLike<Element>);
}

/** The text of an element made of exactly one text node (no comment, no child element), else null. */
export function soleText(el: Element | null): string | null {
  if (!el) return null;
  const kids = el.childNodes;
  if (kids.length !== 1 || kids[0]!.nodeType !== 3) return null;
  return (kids[0]!.nodeValue ?? '').trim();
}

/** Calls `visit` on every node below `root` (root included), depth first. */
export function walk(root: Node, visit: (n: Node) => void): void {
  visit(root);
  for (let n = root.firstChild; n; n = n.nextSibling) walk(n, visit);
}

export const attr = (el: Element | null, name: string): string | null =>
  el?.hasAttribute(name) ? el.getAttribute(name) : null;
