import { parseMarkdown, renderTokens, type Token } from './markdown';
import { sanitizeArticleHtml } from './sanitize-article-html';

/**
 * The HTML readers get for an article body: rendered by the one Markdown parser (markdown.ts), then
 * re-written by the allowlist sanitiser (sanitize-article-html.ts), whose rules hold whatever the
 * renderer emits. Meant to sit under the article's own title (an h2 in the widget): `#` and `##`
 * become h3, `###` h4, and so on down to h6. Cell alignment becomes a class (no style attributes).
 */
export function articleHtml(markdown: string): string {
  const tokens = parseMarkdown(markdown);
  for (const token of tokens) adapt(token);
  return sanitizeArticleHtml(renderTokens(tokens));
}

function adapt(token: Token): void {
  if (token.type === 'heading_open' || token.type === 'heading_close') {
    const level = Number(token.tag.slice(1));
    token.tag = `h${Math.min(6, Math.max(3, level + 1))}`;
  } else if (token.type === 'th_open' || token.type === 'td_open') {
    const align = /text-align:(left|center|right)/.exec(String(token.attrGet('style') ?? ''));
    token.attrs = align ? [['class', `align-${align[1]}`]] : null;
  }
}
