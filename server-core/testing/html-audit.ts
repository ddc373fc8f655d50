import { Parser } from 'htmlparser2';

/** What the article allowlist lets through (sanitize-article-html.ts), restated for the audit. */
const TAGS = new Set(
  'p br hr h1 h2 h3 h4 h5 h6 strong em s code pre blockquote ul ol li a img table thead tbody tr th td'.split(
    ' ',
  ),
);
const ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'target', 'rel']),
  img: new Set(['src', 'alt', 'title', 'loading', 'referrerpolicy']),
  ol: new Set(['start']),
  th: new Set(['class']),
  td: new Set(['class']),
};
const TAG_SHAPE = /^\/?[a-z0-9]+(?: [a-z-]+="[^"<>]*")*$/;

/**
 * Every way a sanitised fragment could still be active, found two ways: by its shape as text (tags are
 * `<name attr="value">` or `</name>` only, text holds no `<` or `>`), independent of any parser, and by
 * parsing it (names, attributes, link and image targets). Empty when the fragment is clean.
 */
export function auditHtml(html: string): string[] {
  const problems: string[] = [];
  for (const m of html.matchAll(/<([^>]*)>/g)) {
    const inner = m[1]!;
    const name = /^\/?([a-z0-9]+)/.exec(inner)?.[1];
    if (!TAG_SHAPE.test(inner)) problems.push(`tag shape <${inner.slice(0, 60)}>`);
    if (!name || !TAGS.has(name)) problems.push(`tag ${inner.slice(0, 30)}`);
    for (const a of inner.replace(/="[^"]*"/g, '=').matchAll(/ ([^\s=]+)=/g)) {
      if (!name || !ATTRIBUTES[name]?.has(a[1]!)) problems.push(`attribute ${name}[${a[1]}]`);
    }
  }
  if (/[<>]/.test(html.replace(/<[^>]*>/g, ''))) problems.push('a < or > outside a tag');
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (!TAGS.has(name)) problems.push(`parsed tag ${name}`);
        for (const [attr, value] of Object.entries(attrs)) {
          if (!ATTRIBUTES[name]?.has(attr)) problems.push(`parsed attribute ${name}[${attr}]`);
          if (attr === 'href' && !/^(https?:|mailto:|[^:]*$)/i.test(value)) problems.push(`href ${value}`);
          if (attr === 'href' && value.startsWith('#')) problems.push(`fragment href ${value}`);
          if (attr === 'src' && !/^https?:\/\//i.test(value)) problems.push(`src ${value}`);
        }
        if (name === 'a' && attrs.rel !== 'noopener noreferrer') problems.push('link without rel');
      },
      oncomment: () => problems.push('comment'),
      onprocessinginstruction: () => problems.push('processing instruction'),
    },
    { decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  );
  parser.write(html);
  parser.end();
  return problems;
}
