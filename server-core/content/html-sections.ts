import { Parser } from 'htmlparser2';
import type { SourceSection } from '../retrieval/types';
import { anchorMaker } from './slug';

/** Elements whose contents are never text a reader sees. */
const SKIPPED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'select',
]);
/** Void elements: no closing tag, so they never open a skipped range. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const SECTION_HEADINGS = new Set(['h1', 'h2', 'h3']);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tr',
  'ul',
]);
const ANCHOR_ID = /^[A-Za-z][\w:.-]{0,99}$/;

/**
 * HTML to sections with a real parser (htmlparser2, entities decoded): a new section at every h1-h3,
 * its anchor the heading's own `id` when it has a usable one, else the heading text's slug (unique
 * within the page). Text before the first heading is a section without anchor. Script, style,
 * template, svg and similar contents are dropped, as is anything marked `hidden` or aria-hidden.
 */
export function htmlSections(html: string): SourceSection[] {
  const anchor = anchorMaker();
  const sections: SourceSection[] = [];
  let heading: { text: string; id: string | null; tag: string } | null = null;
  let current: { heading: string | null; anchor: string | null; text: string } = {
    heading: null,
    anchor: null,
    text: '',
  };
  /** Open elements inside a skipped range (the range ends when this drops back to 0). */
  const skipStack: string[] = [];

  const flush = () => {
    const text = tidy(current.text);
    if (text || current.heading) sections.push({ anchor: current.anchor, heading: current.heading, text });
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (skipStack.length > 0) {
          if (!VOID.has(name)) skipStack.push(name);
          return;
        }
        const hidden = 'hidden' in attrs || attrs['aria-hidden'] === 'true';
        if ((SKIPPED.has(name) || hidden) && !VOID.has(name)) {
          skipStack.push(name);
          return;
        }
        if (SECTION_HEADINGS.has(name) && heading === null) {
          heading = { text: '', id: attrs.id && ANCHOR_ID.test(attrs.id) ? attrs.id : null, tag: name };
          return;
        }
        if (name === 'br') append('\n');
        else if (name === 'td' || name === 'th') append(' ');
        else if (BLOCK.has(name)) append('\n\n');
        else if (name === 'img' && attrs.alt) append(` ${attrs.alt} `);
      },
      ontext(text) {
        if (skipStack.length === 0) append(text);
      },
      onclosetag(name, implied) {
        if (skipStack.length > 0) {
          if (!VOID.has(name)) skipStack.pop();
          return;
        }
        if (heading && name === heading.tag) {
          const h = tidy(heading.text).replace(/\s+/g, ' ');
          const id = heading.id;
          heading = null;
          flush();
          current = { heading: h || null, anchor: id ?? (h ? anchor(h) : null), text: '' };
          return;
        }
        if (!implied && BLOCK.has(name)) append('\n\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  function append(text: string) {
    if (heading) heading.text += text;
    else current.text += text;
  }
  parser.write(html);
  parser.end();
  flush();
  return sections;
}

/** Collapses runs of spaces, keeps paragraph breaks. */
function tidy(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
