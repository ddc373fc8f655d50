/**
 * A small, honest accessible name and role (docs/decisions/walkthroughs.md): what a capture records and
 * what QA drives by, not the whole of accname-1.2. Name: aria-labelledby, aria-label, a label (for= or
 * wrapping), alt, the text content (for elements named by their content), title, placeholder. Role: the
 * explicit role's first token, else the implicit role of common tags.
 */

const clean = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** Roles whose name comes from their content (buttons, links, headings, cells, options...). */
const FROM_CONTENT =
  /^(button|link|heading|menuitem|menuitemcheckbox|menuitemradio|option|tab|treeitem|cell|columnheader|rowheader|checkbox|radio|switch|tooltip|listitem)$/;

const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  number: 'spinbutton',
  search: 'searchbox',
};

const TAG_ROLES: Record<string, string> = {
  a: 'link',
  area: 'link',
  button: 'button',
  select: 'combobox',
  textarea: 'textbox',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  nav: 'navigation',
  main: 'main',
  aside: 'complementary',
  form: 'form',
  dialog: 'dialog',
  img: 'img',
  ul: 'list',
  ol: 'list',
  li: 'listitem',
  table: 'table',
  tr: 'row',
  td: 'cell',
  th: 'columnheader',
  option: 'option',
  summary: 'button',
  progress: 'progressbar',
  details: 'group',
  fieldset: 'group',
};

/** The element's role: explicit (first token), else implicit for common tags; null when it has none. */
export function roleOf(el: Element): string | null {
  const explicit = clean(el.getAttribute('role')).split(' ')[0];
  if (explicit) return explicit.toLowerCase();
  const tag = el.localName;
  if (tag === 'input') {
    const type = (el.getAttribute('type') ?? 'text').toLowerCase();
    if (type === 'hidden') return null;
    return INPUT_ROLES[type] ?? 'textbox';
  }
  if (tag === 'a' && !el.hasAttribute('href')) return null;
  if (tag === 'header') return el.closest('main,article,aside,nav,section') ? null : 'banner';
  if (tag === 'footer') return el.closest('main,article,aside,nav,section') ? null : 'contentinfo';
  if (tag === 'section')
    return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
  if (tag === 'select' && (el as HTMLSelectElement).multiple) return 'listbox';
  return TAG_ROLES[tag] ?? null;
}

/** Text content, skipping hidden parts and taking an image's alt (no layout read: cheap). */
function textOf(node: Node): string {
  let out = '';
  for (const child of node.childNodes) {
    if (child.nodeType === 3) out += child.nodeValue;
    else if (child.nodeType === 1) {
      const el = child as Element;
      if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') continue;
      if (/^(script|style|template)$/.test(el.localName)) continue;
      out += el.localName === 'img' ? ` ${el.getAttribute('alt') ?? ''} ` : ` ${textOf(el)} `;
    }
  }
  return out;
}

/** The accessible name, whitespace collapsed. */
export function nameOf(el: Element): string {
  const doc = el.ownerDocument;
  const ids = clean(el.getAttribute('aria-labelledby'));
  if (ids) {
    const text = ids
      .split(' ')
      .map((id) => doc.getElementById(id))
      .map((ref) => (ref ? clean(ref.getAttribute('aria-label')) || clean(textOf(ref)) : ''))
      .join(' ');
    if (clean(text)) return clean(text);
  }
  const label = clean(el.getAttribute('aria-label'));
  if (label) return label;
  const tag = el.localName;
  if (/^(input|select|textarea|meter|progress|output)$/.test(tag)) {
    const labels = (el as HTMLInputElement).labels;
    const text = labels ? clean([...labels].map(textOf).join(' ')) : '';
    if (text) return text;
    const type = el.getAttribute('type');
    if (tag === 'input' && /^(button|submit|reset)$/.test(type ?? ''))
      return (
        clean(el.getAttribute('value')) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '')
      );
  }
  if (tag === 'img' || tag === 'area' || (tag === 'input' && el.getAttribute('type') === 'image')) {
    const alt = clean(el.getAttribute('alt'));
    if (alt) return alt;
  }
  const role = roleOf(el);
  if (role && FROM_CONTENT.test(role)) {
    const text = clean(textOf(el));
    if (text) return text;
  }
  return clean(el.getAttribute('title')) || clean(el.getAttribute('placeholder'));
}

const LANDMARKS = /^(banner|main|navigation|contentinfo|complementary|region|form|search)$/;

/** The role of the nearest landmark around the element (itself excluded), or null. */
export function landmarkOf(el: Element): string | null {
  for (let at = el.parentElement; at; at = at.parentElement) {
    const role = roleOf(at);
    if (role && LANDMARKS.test(role)) return role;
  }
  return null;
}

/** Names compare case- and whitespace-insensitively. */
export const sameName = (a: string, b: string): boolean => clean(a).toLowerCase() === clean(b).toLowerCase();
export const normalName = (s: string): string => clean(s).toLowerCase();
