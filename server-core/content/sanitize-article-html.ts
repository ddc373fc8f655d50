import { Parser } from 'htmlparser2';
import { escapeHtml } from '../lib/escape-html';

/**
 * Article HTML is set inside the widget's panel, which runs in the origin of every customer site: a
 * cross-site scripting path if anything active gets through. So the sanitiser re-writes rather than
 * filters: it parses (htmlparser2, entities decoded), keeps only the elements and attributes below,
 * drops dangerous elements with all they contain, unwraps any other element (its text stays), and
 * serialises the result itself with every text and attribute value escaped. The output therefore holds
 * no markup it did not write: no raw-text or foreign (svg/math) elements, no comments, no style, no
 * event handler, whatever the parser made of the input.
 */

/** Element -> the attributes it keeps (each checked below). */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  em: [],
  s: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['class'],
  td: ['class'],
};

const VOID = new Set(['br', 'hr', 'img']);

/** Dropped together with everything inside them (their text is not text a reader should get). */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'button',
  'select',
  'option',
  'textarea',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'canvas',
  'audio',
  'video',
  'dialog',
]);

/** Deepest nesting of kept elements; deeper ones are unwrapped (browsers stop at 512 anyway). */
export const MAX_HTML_DEPTH = 40;

/** Cell alignment, from the table's delimiter row, as classes (a strict CSP forbids style attributes). */
const CELL_CLASS = /^align-(left|center|right)$/;
const LIST_START = /^\d{1,9}$/;
/** Control characters have no place in a link a writer meant; browsers strip some of them silently. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const SCHEME_LIKE = /^[^/?#]*:/;
const ALLOWED_SCHEME = /^(https?|mailto):/i;
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
/** Resolves relative links for the check only: their own text is what the page gets. */
const CHECK_BASE = 'https://relative.invalid/';

/**
 * A link's target if readers may follow it: http(s) and mailto, or a relative URL (it resolves against
 * the page the widget is on). Fragment-only links go nowhere inside the panel and are dropped.
 */
export function safeLinkHref(value: string): string | null {
  const href = value.trim();
  if (href === '' || href.startsWith('#') || CONTROL.test(href)) return null;
  // A colon before the first slash names a scheme (RFC 3986 has relative paths write `./a:b`).
  if (SCHEME_LIKE.test(href) && !ALLOWED_SCHEME.test(href)) return null;
  try {
    return LINK_PROTOCOLS.has(new URL(href, CHECK_BASE).protocol) ? href : null;
  } catch {
    return null;
  }
}

/** An image source if it is an absolute http(s) URL (no data:, no relative paths into the host's site). */
export function safeImageSrc(value: string): string | null {
  const src = value.trim();
  if (CONTROL.test(src)) return null;
  try {
    return IMAGE_PROTOCOLS.has(new URL(src).protocol) ? src : null;
  } catch {
    return null;
  }
}

/** The kept attributes of one element, checked, as ` name="value"` pairs; null drops the element's tag. */
function keptAttributes(name: string, attrs: Record<string, string>): string | null {
  const out: [string, string][] = [];
  for (const attr of ALLOWED[name]!) {
    const value = attrs[attr];
    if (value === undefined) continue;
    if (attr === 'href') {
      const href = safeLinkHref(value);
      if (href === null) return null;
      out.push(['href', href]);
    } else if (attr === 'src') {
      const src = safeImageSrc(value);
      if (src === null) return null;
      out.push(['src', src]);
    } else if (attr === 'start') {
      if (LIST_START.test(value)) out.push(['start', value]);
    } else if (attr === 'class') {
      if (CELL_CLASS.test(value)) out.push(['class', value]);
    } else out.push([attr, value]);
  }
  if (name === 'a') {
    const href = out.find(([a]) => a === 'href')?.[1];
    if (href === undefined) return null;
    // Links leave the panel: a new tab without a handle back to the customer's page (mail opens in place).
    if (!/^mailto:/i.test(href)) out.push(['target', '_blank']);
    out.push(['rel', 'noopener noreferrer']);
  }
  if (name === 'img') {
    if (!out.some(([a]) => a === 'src')) return null;
    if (!out.some(([a]) => a === 'alt')) out.push(['alt', '']);
    out.push(['loading', 'lazy'], ['referrerpolicy', 'no-referrer']);
  }
  return out.map(([a, v]) => ` ${a}="${escapeHtml(v)}"`).join('');
}

interface Frame {
  /** The closing tag written when this element ends, if its opening tag was written. */
  close: string | null;
  dropped: boolean;
}

/** HTML reduced to the article allowlist and re-serialised (see the comment at the top). */
export function sanitizeArticleHtml(html: string): string {
  let out = '';
  const stack: Frame[] = [];
  let dropping = 0;
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const frame: Frame = { close: null, dropped: false };
        stack.push(frame);
        if (dropping > 0 || DROPPED.has(name)) {
          frame.dropped = true;
          dropping++;
          return;
        }
        if (!(name in ALLOWED) || depth >= MAX_HTML_DEPTH) return;
        const kept = keptAttributes(name, attrs);
        if (kept === null) {
          // An image that may not load still says what it showed.
          if (name === 'img' && attrs.alt) out += escapeHtml(attrs.alt);
          return;
        }
        out += `<${name}${kept}>`;
        if (!VOID.has(name)) {
          frame.close = `</${name}>`;
          depth++;
        }
      },
      ontext(text) {
        if (dropping === 0) out += escapeHtml(text);
      },
      onclosetag() {
        const frame = stack.pop();
        if (!frame) return;
        if (frame.dropped) dropping--;
        else if (frame.close) {
          out += frame.close;
          depth--;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  // Whatever the parser left open is closed, so the fragment never leaks into the page around it.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.close && !frame.dropped) out += frame.close;
  }
  return out;
}
