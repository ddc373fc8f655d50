import { useLayoutEffect, useRef } from 'preact/hooks';
import { adoptStyles } from '../../ui/sheet';

/**
 * Looks for what the server renders (body_html): neutral tints that read on light and dark panels,
 * wide tables and code scrolling inside the panel, images never wider than it. Links keep the panel's
 * own colour. Adopted once per panel document (a body swap makes a new one).
 */
const ARTICLE_CSS = `
.md{overflow-wrap:anywhere}
.md h3{font-size:16px;margin:18px 0 6px}
.md img{max-width:100%;height:auto}
.md code{font-size:13px;background:#8882;padding:1px 4px;border-radius:4px}
.md pre{background:#8882;padding:10px 12px;border-radius:6px;overflow:auto}
.md pre code{background:none;padding:0}
.md blockquote{margin:12px 0;padding:0 12px;border-left:3px solid #8886}
.md ul,.md ol{padding-left:22px}
.md table{border-collapse:collapse;display:block;overflow:auto;margin:12px 0}
.md th,.md td{border:1px solid #8885;padding:4px 8px;text-align:left}
.md .align-center{text-align:center}
.md .align-right{text-align:right}
`;

const styled = new WeakSet<Document>();

/**
 * An article body as widgetGetArticle's body_html: rendered from Markdown and sanitised to an allowlist
 * on the server (server-core/content/article-html.ts), so the widget ships no Markdown parser and sets
 * the HTML as it is.
 */
export function ArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const doc = ref.current?.ownerDocument;
    if (doc?.defaultView && !styled.has(doc)) {
      styled.add(doc);
      adoptStyles(doc, ARTICLE_CSS, doc.defaultView as Window & typeof globalThis);
    }
  }, []);
  return <div ref={ref} class="md" dangerouslySetInnerHTML={{ __html: html }} />;
}
