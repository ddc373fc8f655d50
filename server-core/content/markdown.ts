import MarkdownIt, { type Token } from 'markdown-it';

export type { Token };

/**
 * Deepest block and inline nesting the parser follows (lists in quotes in lists...); deeper input is
 * left as text. markdown-it's CommonMark preset uses the same figure.
 */
export const MARKDOWN_MAX_NESTING = 20;

/**
 * The one Markdown dialect of article bodies: CommonMark plus GFM tables and strikethrough (markdown-it's
 * default preset). Raw HTML is off (it shows as the text it is), bare URLs are not turned into links and
 * quotes are not curled. The renderer (article-html.ts) and the plain text (markdown-sections.ts) read
 * the same tokens, so what is indexed is what is shown.
 */
const parser = new MarkdownIt('default', {
  html: false,
  linkify: false,
  typographer: false,
  breaks: false,
  maxNesting: MARKDOWN_MAX_NESTING,
});

/** Block tokens of a Markdown document; inline content sits in the `children` of `inline` tokens. */
export function parseMarkdown(markdown: string): Token[] {
  return parser.parse(markdown, {});
}

/** markdown-it's own HTML for the tokens (escaped text, links and images vetted by its validateLink). */
export function renderTokens(tokens: Token[]): string {
  return parser.renderer.render(tokens, parser.options, {});
}
