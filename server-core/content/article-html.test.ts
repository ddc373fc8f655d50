import { describe, expect, it } from 'vitest';
import { auditHtml } from '../testing/html-audit';
import { articleHtml } from './article-html';
import { MAX_ARTICLE_BODY } from './article-limits';

const html = (markdown: string) => articleHtml(markdown).replace(/\n/g, '');

describe('article bodies as HTML', () => {
  it('renders emphasis, code, links, images, lists, quotes, tables and rules', () => {
    expect(html('Some *em*, **strong**, ***both***, ~~gone~~ and `co*de*`.')).toBe(
      '<p>Some <em>em</em>, <strong>strong</strong>, <em><strong>both</strong></em>, <s>gone</s> and <code>co*de*</code>.</p>',
    );
    expect(html('[Docs](https://x.test/docs "The docs") and ![A chart](https://x.test/c.png)')).toBe(
      '<p><a href="https://x.test/docs" title="The docs" target="_blank" rel="noopener noreferrer">Docs</a> and ' +
        '<img src="https://x.test/c.png" alt="A chart" loading="lazy" referrerpolicy="no-referrer"></p>',
    );
    expect(html('- one\n  - nested\n    1. deeper\n- two')).toBe(
      '<ul><li>one<ul><li>nested<ol><li>deeper</li></ol></li></ul></li><li>two</li></ul>',
    );
    expect(html('3. three\n4. four')).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html('> quoted\n> > twice')).toBe(
      '<blockquote><p>quoted</p><blockquote><p>twice</p></blockquote></blockquote>',
    );
    expect(html('| Plan | Price |\n|:-----|------:|\n| Pro | 10 |')).toBe(
      '<table><thead><tr><th class="align-left">Plan</th><th class="align-right">Price</th></tr></thead>' +
        '<tbody><tr><td class="align-left">Pro</td><td class="align-right">10</td></tr></tbody></table>',
    );
    expect(html('```js\nif (a < b) alert("x");\n```')).toBe(
      '<pre><code>if (a &lt; b) alert(&quot;x&quot;);</code></pre>',
    );
    expect(html('a\n\n---\n\nb  \nc')).toBe('<p>a</p><hr><p>b<br>c</p>');
  });

  it('puts the body under the title: # and ## become h3, deeper headings follow down to h6', () => {
    expect(html('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six')).toBe(
      '<h3>One</h3><h3>Two</h3><h4>Three</h4><h5>Four</h5><h6>Five</h6><h6>Six</h6>',
    );
  });

  it('what the old widget renderer got wrong: images, stray asterisks and backticks', () => {
    const out = html(
      'Use **Settings > Plan** and `npm start`.\n\n![Screenshot of the plan page](https://x.test/p.png)',
    );
    expect(out).not.toMatch(/\*\*|`|!\[|!link/);
    expect(out).toContain('<strong>Settings &gt; Plan</strong>');
    expect(out).toContain('alt="Screenshot of the plan page"');
  });

  it('shows raw HTML as the text it is', () => {
    expect(html('<b>bold</b> <script>window.__pwned=1</script>')).toBe(
      '<p>&lt;b&gt;bold&lt;/b&gt; &lt;script&gt;window.__pwned=1&lt;/script&gt;</p>',
    );
  });
});

/** Bodies an attacker with article-writing rights (or a compromised import) might save. */
const HOSTILE_MARKDOWN: [string, string][] = [
  ['javascript link', '[click](javascript:window.__pwned=1)'],
  ['javascript link, upper case', '[click](JAVASCRIPT:window.__pwned=1)'],
  ['javascript link, entity', '[click](&#106;avascript:window.__pwned=1)'],
  ['javascript link, hex entities', '[click](&#x6A;&#x61;vascript:window.__pwned=1)'],
  ['javascript link, named colon', '[click](javascript&colon;window.__pwned=1)'],
  ['javascript link, tab entity', '[click](jav&#x09;ascript:window.__pwned=1)'],
  ['javascript link, newline entity', '[click](jav&#10;ascript:window.__pwned=1)'],
  ['javascript link, angle brackets', '[click](<javascript:window.__pwned=1>)'],
  ['javascript link, leading space in brackets', '[click](< javascript:window.__pwned=1>)'],
  ['javascript link, reference', '[click][x]\n\n[x]: javascript:window.__pwned=1'],
  ['javascript autolink', '<javascript:window.__pwned=1>'],
  ['vbscript link', '[click](vbscript:msgbox(1))'],
  ['data link', '[click](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+)'],
  ['data link, entity', '[click](&#100;ata:text/html,<script>alert(1)</script>)'],
  ['data image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['data png image', '![x](data:image/png;base64,iVBORw0KGgo=)'],
  ['javascript image', '![x](javascript:window.__pwned=1)'],
  ['image title breakout', '![x](https://x.test/a.png "\\" onerror=\\"window.__pwned=1")'],
  ['link title breakout', '[x](https://x.test "\\"><script>window.__pwned=1</script>")'],
  ['alt text breakout', '![" onerror="window.__pwned=1](https://x.test/a.png)'],
  ['script', '<script>window.__pwned=1</script>'],
  ['script block', '<script>\nwindow.__pwned=1\n</script>\n\ntext'],
  ['img onerror', '<img src=x onerror=window.__pwned=1>'],
  ['svg onload', '<svg onload=window.__pwned=1></svg>'],
  ['html link', '<a href="jav&#x09;ascript:window.__pwned=1">x</a>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>'],
  ['base', '<base href="https://evil.test/">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['style', '<style>*{background:url(javascript:alert(1))}</style>'],
  ['css expression', '<p style="width:expression(alert(1))">x</p>'],
  ['mXSS noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['mXSS svg style', '<svg><style><img src=x onerror=alert(1)></style></svg>'],
  ['html in link text', '[<img src=x onerror=window.__pwned=1>](https://x.test)'],
  ['html in code span', '`</code><script>window.__pwned=1</script>`'],
  ['html in fence info', '```"><script>window.__pwned=1</script>\ncode\n```'],
  ['html in table cell', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
  ['html in heading', '# <svg onload=alert(1)>'],
  ['unclosed everything', '**bold _em `code [link](https://x.test'],
  ['nested brackets', `${'['.repeat(1000)}x${']'.repeat(1000)}(javascript:alert(1))`],
];

describe('hostile bodies', () => {
  it.each(HOSTILE_MARKDOWN)('%s: renders nothing active', (_name, markdown) => {
    const out = articleHtml(markdown);
    expect(auditHtml(out)).toEqual([]);
    // Words of an attack may survive as inert text or in a title or alt; never as markup.
    const tags = (out.match(/<[^>]*>/g)?.join('') ?? '').replace(/ (title|alt)="[^"]*"/g, '');
    expect(tags).not.toMatch(/javascript|vbscript|data:|__pwned|onerror|onload|srcdoc|expression\(|script/i);
  });

  it('deep nesting stops at the parser limit and stays balanced', () => {
    for (const markdown of [
      `${'>'.repeat(10_000)} deep`,
      Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
      `${'*'.repeat(5_000)}x${'*'.repeat(5_000)}`,
      `${'['.repeat(5_000)}x${'](https://x.test)'.repeat(5_000)}`,
    ]) {
      const out = articleHtml(markdown);
      expect(auditHtml(out)).toEqual([]);
      for (const tag of ['blockquote', 'ul', 'li', 'em', 'strong', 'a']) {
        expect(out.match(new RegExp(`<${tag}[ >]`, 'g'))?.length ?? 0, tag).toBe(
          out.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0,
        );
      }
    }
  });

  it('a 1 MB body of everything at once renders in bounded time and clean', () => {
    const parts = [
      '*a',
      '_a ',
      '[',
      '[a](',
      '![a](',
      '`a',
      '<a',
      '<img src=x onerror=alert(1)>',
      '&amp;',
      '\\',
      '~~a',
      '| a ',
      '> ',
      '[x](javascript:alert(1)) ',
    ];
    const body = parts.map((p) => p.repeat(Math.ceil(75_000 / p.length))).join('\n\n');
    expect(body.length).toBeGreaterThan(1_000_000);
    const started = performance.now();
    const out = articleHtml(body);
    // Generous for a loaded two-core box; catastrophic backtracking would take minutes.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(auditHtml(out)).toEqual([]);
  }, 60_000);

  it('the largest body an article may have, in ordinary Markdown, renders in well under a second or two', () => {
    const section =
      '## Step\n\nSome **bold** and _em_ text, a [link](https://x.test) and `code`.\n\n- a\n  - b\n\n';
    const body = section.repeat(Math.floor(MAX_ARTICLE_BODY / section.length));
    const started = performance.now();
    expect(auditHtml(articleHtml(body))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
