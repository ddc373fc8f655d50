import type { SourceSection } from '../retrieval/types';
import { parseMarkdown, type Token } from './markdown';
import { anchorMaker } from './slug';

/** Headings of these levels start a section; deeper ones stay inside their section's text. */
export const SECTION_HEADING_LEVELS = 3;

/** One block of plain text and the source lines it came from (to keep blank lines between blocks). */
interface TextBlock {
  text: string;
  lines: [number, number] | null;
  /** A table row after another row of the same table: joined by one line break. */
  rowAfterRow?: boolean;
}

/**
 * Markdown split into sections at headings of level 1 to 3 (ATX `## x` or setext underlines), read by
 * the same parser that renders articles, so code fences, quotes and lists are what a reader sees. The
 * text before the first heading is a section without anchor. Each section's anchor is its heading's
 * slug (unique within the document); text is plain: marks dropped, links and images reduced to their
 * words, code kept, blocks on their own lines (a blank line where the source had one).
 */
export function markdownSections(markdown: string): SourceSection[] {
  const anchor = anchorMaker();
  const sections: SourceSection[] = [];
  let current: { heading: string | null; anchor: string | null; blocks: TextBlock[] } = {
    heading: null,
    anchor: null,
    blocks: [],
  };
  const flush = () => {
    const text = joinBlocks(current.blocks);
    if (text || current.heading) sections.push({ anchor: current.anchor, heading: current.heading, text });
  };
  walkBlocks(parseMarkdown(markdown), {
    heading(text) {
      flush();
      const heading = text.replace(/\s+/g, ' ').trim();
      current = { heading: heading || null, anchor: anchor(heading), blocks: [] };
    },
    block(block) {
      current.blocks.push(block);
    },
  });
  flush();
  return sections;
}

/** Markdown to plain text: marks dropped, links and images reduced to their words, code kept. */
export function markdownToText(markdown: string): string {
  const blocks: TextBlock[] = [];
  walkBlocks(parseMarkdown(markdown), {
    heading: (text, lines) => blocks.push({ text, lines }),
    block: (block) => blocks.push(block),
  });
  return joinBlocks(blocks);
}

function walkBlocks(
  tokens: Token[],
  on: { heading(text: string, lines: [number, number] | null): void; block(block: TextBlock): void },
): void {
  let headingLevel = 0;
  let row: { cells: string[]; lines: [number, number] | null } | null = null;
  let rowsInTable = 0;
  for (const token of tokens) {
    switch (token.type) {
      case 'heading_open':
        headingLevel = Number(token.tag.slice(1));
        break;
      case 'heading_close':
        headingLevel = 0;
        break;
      case 'table_open':
        rowsInTable = 0;
        break;
      case 'tr_open':
        row = { cells: [], lines: token.map };
        break;
      case 'tr_close':
        if (row) on.block({ text: row.cells.join(' '), lines: row.lines, rowAfterRow: rowsInTable++ > 0 });
        row = null;
        break;
      case 'inline': {
        const text = inlineText(token.children ?? []);
        if (row) row.cells.push(text.replace(/\s+/g, ' ').trim());
        else if (headingLevel > 0 && headingLevel <= SECTION_HEADING_LEVELS) on.heading(text, token.map);
        else on.block({ text, lines: token.map });
        break;
      }
      case 'fence':
      case 'code_block':
        on.block({ text: token.content.replace(/\n$/, ''), lines: token.map });
        break;
      case 'hr':
        on.block({ text: '', lines: token.map });
        break;
    }
  }
}

/** An HTML tag written in the Markdown: shown as text to readers, but no words to index or excerpt. */
const HTML_TAG = /<\/?[a-zA-Z][^>]*>/g;

/** The words of inline tokens: text and code as they read, images by their alt text, breaks as breaks. */
function inlineText(children: Token[]): string {
  let out = '';
  for (const child of children) {
    if (child.type === 'text') out += child.content.replace(HTML_TAG, '');
    else if (child.type === 'code_inline') out += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') out += '\n';
    else if (child.type === 'image') out += inlineText(child.children ?? []);
  }
  return out;
}

/** Blocks on their own lines, with a blank line where the source had one between them. */
function joinBlocks(blocks: TextBlock[]): string {
  let out = '';
  let lastLine: number | null = null;
  for (const block of blocks) {
    if (out !== '' || lastLine !== null) {
      const gap = block.lines && lastLine !== null && block.lines[0] > lastLine;
      out += gap && !block.rowAfterRow ? '\n\n' : '\n';
    }
    out += block.text;
    lastLine = block.lines?.[1] ?? lastLine;
  }
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
