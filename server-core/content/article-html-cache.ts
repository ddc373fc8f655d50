import { createHash } from 'node:crypto';
import { articleHtml } from './article-html';

export type ArticleHtmlRenderer = (markdown: string) => string;

/** Rendered HTML kept per process, in characters (a few hundred typical articles; big ones count more). */
export const ARTICLE_HTML_CACHE_CHARS = 8_000_000;

/**
 * articleHtml with a per-process cache, least recently used out first. The HTML is a pure function of
 * the body, so the key is the body's hash: workspaces with the same body share an entry and see the same
 * bytes, an edited body is a new key, and a renderer upgrade is a new process. Nothing is stored: the
 * articles table keeps Markdown only, whoever writes it.
 */
export function cachedArticleHtml(
  render: ArticleHtmlRenderer = articleHtml,
  maxChars = ARTICLE_HTML_CACHE_CHARS,
): ArticleHtmlRenderer {
  const entries = new Map<string, string>();
  let chars = 0;
  return (markdown) => {
    const key = createHash('sha256').update(markdown).digest('base64');
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const html = render(markdown);
    if (html.length > maxChars) return html;
    entries.set(key, html);
    chars += html.length;
    for (const [oldest, value] of entries) {
      if (chars <= maxChars) break;
      entries.delete(oldest);
      chars -= value.length;
    }
    return html;
  };
}
