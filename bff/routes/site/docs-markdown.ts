import { parseMarkdown, renderTokens, type Token } from '../../../server-core/content/markdown';

/**
 * Markdown of the reference (descriptions in the document, the guide sections, docs/webhooks.md) as
 * HTML, with the one parser of the service (raw HTML shown as text). Headings get ids so they can be
 * linked; table cells lose markdown-it's `style` alignment, which the page's CSP would refuse.
 */

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[`*_]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

export interface MarkdownHeading {
  level: number;
  text: string;
  id: string;
}

function adapt(tokens: Token[], shift: number, headings: MarkdownHeading[], prefix: string): void {
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      const level = Math.min(6, Number(token.tag.slice(1)) + shift);
      token.tag = `h${level}`;
      if (token.type === 'heading_open') {
        const inline = tokens[i + 1]!;
        // `## Title {#id}` names the id; otherwise it is the slug of the title.
        const named = /\s*\{#([a-z0-9-]+)\}$/.exec(inline.content);
        if (named) {
          inline.content = inline.content.slice(0, named.index);
          const last = inline.children?.at(-1);
          if (last?.type === 'text') last.content = last.content.replace(/\s*\{#[a-z0-9-]+\}$/, '');
        }
        const text = inline.content;
        const id = named ? named[1]! : `${prefix}${slug(text)}`;
        token.attrSet('id', id);
        headings.push({ level, text, id });
      }
    } else if (token.type === 'th_open' || token.type === 'td_open') {
      token.attrs = null;
    }
  });
}

/** Block Markdown as HTML; `shift` moves headings down (1: `#` becomes h2), `prefix` scopes their ids. */
export function markdownHtml(
  markdown: string,
  opts: { shift?: number; idPrefix?: string } = {},
): { html: string; headings: MarkdownHeading[] } {
  const tokens = parseMarkdown(markdown);
  const headings: MarkdownHeading[] = [];
  adapt(tokens, opts.shift ?? 0, headings, opts.idPrefix ?? '');
  return { html: renderTokens(tokens), headings };
}

/** One paragraph of Markdown (a property or parameter description) without its `<p>`. */
export function inlineMarkdown(markdown: string): string {
  const html = markdownHtml(markdown).html.trim();
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return single && !single[1]!.includes('<p>') ? single[1]! : html;
}
