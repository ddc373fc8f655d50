import type { SourceSection } from '../retrieval/types';
import { anchorMaker } from './slug';

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const ATX = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const SETEXT = /^\s{0,3}(=+|-+)\s*$/;

/** Headings of these levels start a section; deeper ones stay inside their section's text. */
export const SECTION_HEADING_LEVELS = 3;

/**
 * Markdown split into sections at headings of level 1 to 3 (ATX `## x` or setext underlines),
 * never inside a code fence. The text before the first heading is a section without anchor.
 * Each section's anchor is its heading's slug (unique within the document); text is plain.
 */
export function markdownSections(markdown: string): SourceSection[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const anchor = anchorMaker();
  const sections: SourceSection[] = [];
  let current: { heading: string | null; anchor: string | null; lines: string[] } = {
    heading: null,
    anchor: null,
    lines: [],
  };
  const flush = () => {
    const text = markdownToText(current.lines.join('\n'));
    if (text || current.heading) sections.push({ anchor: current.anchor, heading: current.heading, text });
  };
  const start = (raw: string) => {
    flush();
    const heading = inlineToText(raw);
    current = { heading: heading || null, anchor: anchor(heading), lines: [] };
  };
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (f) {
      if (fence === null) fence = f[1]!.slice(0, 3);
      else if (f[1]!.startsWith(fence)) fence = null;
      current.lines.push(line);
      continue;
    }
    if (fence !== null) {
      current.lines.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    if (atx && atx[1]!.length <= SECTION_HEADING_LEVELS) {
      start(atx[2]!);
      continue;
    }
    const next = lines[i + 1];
    const prevBlank = i === 0 || lines[i - 1]!.trim() === '';
    if (next !== undefined && prevBlank && line.trim() && !/^\s*([-*+>]|\d+[.)])\s/.test(line)) {
      if (SETEXT.test(next) && !/^\s*-{1,2}\s*$/.test(next)) {
        start(line);
        i++;
        continue;
      }
    }
    current.lines.push(line);
  }
  flush();
  return sections;
}

/** Markdown to plain text: marks dropped, links and images reduced to their words, code kept. */
export function markdownToText(markdown: string): string {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(line);
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push('');
      continue;
    }
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue;
    let text = line
      .replace(/^\s{0,3}>\s?/, '')
      .replace(/^\s{0,3}#{1,6}\s+/, '')
      .replace(/^(\s*)(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '$1');
    if (/^\s*\|.*\|\s*$/.test(text)) text = text.replace(/^\s*\||\|\s*$/g, '').replace(/\s*\|\s*/g, ' ');
    out.push(inlineToText(text));
  }
  return out
    .join('\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line's inline Markdown to text. Not an HTML sanitiser: the result is indexed, never rendered as HTML. */
export function inlineToText(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(^|[^\p{L}\p{N}\\])(\*{1,3}|_{1,3})(?=\S)(.*?\S)\2(?![\p{L}\p{N}])/gu, '$1$3')
    .replace(/~~(.*?)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .trim();
}
