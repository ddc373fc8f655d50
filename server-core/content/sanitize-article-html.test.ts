import { describe, expect, it } from 'vitest';
import { auditHtml } from '../testing/html-audit';
import { MAX_HTML_DEPTH, safeImageSrc, safeLinkHref, sanitizeArticleHtml } from './sanitize-article-html';

/**
 * The sanitiser on its own, fed HTML no Markdown renderer would write: if the renderer ever let raw HTML
 * through, this is what would stand between an article and every customer's page.
 */
const HOSTILE: [string, string][] = [
  ['script', '<p>a</p><script>window.__pwned=1</script><p>b</p>'],
  ['script, upper case and spaced', '<SCRIPT >window.__pwned=1</SCRIPT ><p>b</p>'],
  ['script split by a comment', '<scr<!-- -->ipt>window.__pwned=1</script>'],
  ['img onerror', '<img src=x onerror=window.__pwned=1>'],
  ['img onerror, https src', '<img src="https://x.test/a.png" onerror="window.__pwned=1">'],
  ['img onerror, no quotes and slashes', '<img/src=x/onerror=window.__pwned=1>'],
  ['svg onload', '<svg onload=window.__pwned=1><circle r=1 /></svg>'],
  ['svg with a script', '<svg><script>window.__pwned=1</script></svg>'],
  [
    'svg animate href',
    '<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>',
  ],
  ['svg xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  [
    'math xlink',
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  ],
  ['javascript link', '<a href="javascript:window.__pwned=1">x</a>'],
  ['javascript link, mixed case', '<a href="JaVaScRiPt:window.__pwned=1">x</a>'],
  ['javascript link, tab entity', '<a href="jav&#x09;ascript:window.__pwned=1">x</a>'],
  ['javascript link, newline entity', '<a href="jav&#10;ascript:window.__pwned=1">x</a>'],
  ['javascript link, carriage return', '<a href="jav&#x0D;ascript:window.__pwned=1">x</a>'],
  ['javascript link, raw tab', '<a href="jav\tascript:window.__pwned=1">x</a>'],
  ['javascript link, leading control', '<a href="&#14; javascript:window.__pwned=1">x</a>'],
  ['javascript link, leading spaces', '<a href="   javascript:window.__pwned=1">x</a>'],
  ['javascript link, named colon', '<a href="javascript&colon;window.__pwned=1">x</a>'],
  ['javascript link, entities without semicolons', '<a href="&#0000106&#0000097vascript:alert(1)">x</a>'],
  ['javascript link, hex entities', '<a href="&#x6A;&#x61;&#x76;&#x61;script:alert(1)">x</a>'],
  ['javascript link, null byte', '<a href="java\u0000script:alert(1)">x</a>'],
  ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['data link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data link, entity', '<a href="&#100;ata:text/html,<script>alert(1)</script>">x</a>'],
  ['file link', '<a href="file:///etc/passwd">x</a>'],
  ['data image', '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="d">'],
  ['javascript image', '<img src="javascript:alert(1)" alt="j">'],
  ['srcset', '<img src="https://x.test/a.png" srcset="javascript:alert(1) 1x" alt="s">'],
  ['iframe srcdoc', '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>'],
  ['iframe src', '<iframe src="javascript:parent.__pwned=1"></iframe>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="javascript:alert(1)">'],
  ['base', '<base href="https://evil.test/"><a href="/x">x</a>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['link import', '<link rel="import" href="https://evil.test/x.html">'],
  ['style element', '<style>body{background:url("javascript:alert(1)")}</style><p>x</p>'],
  ['style attribute, CSS expression', '<p style="width:expression(alert(1))">x</p>'],
  ['style attribute, url', '<p style="background:url(javascript:alert(1))">x</p>'],
  [
    'event handlers everywhere',
    '<p onclick="a()" onmouseover="b()">x</p><a href="https://x.test" onfocus="c()">y</a>',
  ],
  [
    'form and input',
    '<form action="javascript:alert(1)"><input autofocus onfocus="alert(1)"><button>go</button></form>',
  ],
  ['details ontoggle', '<details open ontoggle="alert(1)"><summary>s</summary>x</details>'],
  ['video source onerror', '<video><source onerror="alert(1)"></video>'],
  ['body onload', '<body onload="alert(1)"><p>x</p></body>'],
  ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)></textarea>'],
  ['title breakout', '<title><img src=x onerror=alert(1)></title>'],
  ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['svg style mXSS', '<svg><style><img src=x onerror=alert(1)></style></svg>'],
  ['math mglyph mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['form math mXSS', '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>'],
  ['xmp', '<xmp><img src=x onerror=alert(1)></xmp>'],
  ['noembed', '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>'],
  ['template', '<template><img src=x onerror=alert(1)></template>'],
  ['select template', '<select><template><style><img src=x onerror=alert(1)></style></template></select>'],
  ['comment', '<!--<img src=x onerror=alert(1)>-->'],
  ['conditional comment', '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->'],
  ['cdata', '<![CDATA[<img src=x onerror=alert(1)>]]>'],
  ['processing instruction', '<?xml-stylesheet href="javascript:alert(1)"?>'],
  ['attribute quote breakout', '<a href="https://x.test" title="a&quot; onmouseover=&quot;alert(1)">x</a>'],
  ['table background', '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>'],
  ['td class not an alignment', '<table><tr><td class="panel x">x</td></tr></table>'],
  ['list start not a number', '<ol start="1 onclick=alert(1)"><li>x</li></ol>'],
  [
    'id and name clobbering',
    '<p id="article-title" name="Widget">x</p><a name="Widget" id="x" href="https://x.test">y</a>',
  ],
  ['unclosed tags', '<p>unclosed <strong>nested <em>deep <a href="https://x.test">link'],
  ['stray closing tags', '</p></div></a></script>text</strong>'],
  ['misnested', '<strong><em>x</strong></em><a href="https://x.test"><a href="https://y.test">y</a></a>'],
  [
    'unknown tags',
    '<custom-el onclick="x"><span>kept text</span></custom-el><div><font color=red>t</font></div>',
  ],
  ['dialog', '<dialog open><p>trap</p></dialog>'],
  ['portal and frameset', '<frameset><frame src="javascript:alert(1)"></frameset>'],
];

describe('the article sanitiser', () => {
  it.each(HOSTILE)('%s: nothing active is left', (_name, html) => {
    const clean = sanitizeArticleHtml(html);
    expect(auditHtml(clean)).toEqual([]);
    // Words of an attack may survive as inert text; never inside a tag.
    const tags = (clean.match(/<[^>]*>/g)?.join('') ?? '').replace(/ (title|alt)="[^"]*"/g, '');
    expect(tags).not.toMatch(/javascript|vbscript|data:|__pwned|onerror|onload|srcdoc|expression\(/i);
    // The output is canonical: sanitising it again changes nothing.
    expect(sanitizeArticleHtml(clean)).toBe(clean);
  });

  it('keeps the allowed elements and attributes, rewrites links and images', () => {
    expect(
      sanitizeArticleHtml(
        '<h3>T</h3><p><strong>b</strong> <em>i</em> <s>x</s> <code>c</code><br></p><hr>' +
          '<a href="https://x.test/a?b=1&amp;c=2" title="T" target="_self" rel="opener">x</a>' +
          '<a href="/pricing">p</a><a href="mailto:help@x.test">m</a>' +
          '<img src="https://x.test/a.png" alt="A chart" title="t" width="10">' +
          '<ol start="3"><li>x</li></ol><blockquote><p>q</p></blockquote><pre><code class="language-js">1</code></pre>' +
          '<table><thead><tr><th class="align-right">n</th></tr></thead><tbody><tr><td class="align-center">1</td></tr></tbody></table>',
      ),
    ).toBe(
      '<h3>T</h3><p><strong>b</strong> <em>i</em> <s>x</s> <code>c</code><br></p><hr>' +
        '<a href="https://x.test/a?b=1&amp;c=2" title="T" target="_blank" rel="noopener noreferrer">x</a>' +
        '<a href="/pricing" target="_blank" rel="noopener noreferrer">p</a>' +
        '<a href="mailto:help@x.test" rel="noopener noreferrer">m</a>' +
        '<img src="https://x.test/a.png" alt="A chart" title="t" loading="lazy" referrerpolicy="no-referrer">' +
        '<ol start="3"><li>x</li></ol><blockquote><p>q</p></blockquote><pre><code>1</code></pre>' +
        '<table><thead><tr><th class="align-right">n</th></tr></thead><tbody><tr><td class="align-center">1</td></tr></tbody></table>',
    );
  });

  it('a refused link keeps its words, a refused image its alt text; dropped elements lose their contents', () => {
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">read <b>this</b></a>')).toBe('read this');
    expect(sanitizeArticleHtml('<a href="#top">top</a>')).toBe('top');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,AAAA" alt="A &lt;chart&gt;">')).toBe(
      'A &lt;chart&gt;',
    );
    expect(sanitizeArticleHtml('<img src="/logo.png">')).toBe('');
    expect(sanitizeArticleHtml('a<script>b</script><style>c</style><svg><text>d</text></svg>e')).toBe('ae');
    expect(sanitizeArticleHtml('<div><span>kept</span></div>')).toBe('kept');
  });

  it('escapes text and attribute values, so nothing it read as text becomes markup', () => {
    expect(sanitizeArticleHtml('&lt;img src=x onerror=alert(1)&gt; &amp;amp; "q" \'s\'')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp;amp; &quot;q&quot; &#39;s&#39;',
    );
    expect(
      sanitizeArticleHtml('<a href="https://x.test/?q=&quot;&gt;&lt;script&gt;" title="&quot;>">x</a>'),
    ).toBe(
      '<a href="https://x.test/?q=&quot;&gt;&lt;script&gt;" title="&quot;&gt;" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('closes what the input left open and ignores closings it never opened', () => {
    expect(sanitizeArticleHtml('<p>unclosed <strong>nested <em>deep')).toBe(
      '<p>unclosed <strong>nested <em>deep</em></strong></p>',
    );
    expect(sanitizeArticleHtml('</em></li>text</strong>')).toBe('text');
  });

  it(`nests kept elements at most ${MAX_HTML_DEPTH} deep and stays fast on deep and large input`, () => {
    const deep = `${'<blockquote>'.repeat(10_000)}x${'</blockquote>'.repeat(10_000)}`;
    const clean = sanitizeArticleHtml(deep);
    expect(clean.match(/<blockquote>/g)).toHaveLength(MAX_HTML_DEPTH);
    expect(clean.match(/<\/blockquote>/g)).toHaveLength(MAX_HTML_DEPTH);
    const unclosed = sanitizeArticleHtml('<ul><li>'.repeat(5_000));
    expect(auditHtml(unclosed)).toEqual([]);
    expect(unclosed.match(/<li>/g)!.length).toBe(unclosed.match(/<\/li>/g)!.length);

    const started = performance.now();
    const big = sanitizeArticleHtml(
      '<p onclick=x>text <a href="javascript:1">l</a> <img src=x onerror=y></p><svg><p>'.repeat(15_000),
    );
    expect(big.length).toBeGreaterThan(0);
    expect(auditHtml(big)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('link and image rules', () => {
  it('links: http(s), mailto and relative; nothing else, however spelled', () => {
    for (const ok of [
      'https://x.test/a',
      'http://x.test',
      'mailto:a@x.test',
      '/pricing',
      'docs/a',
      '//x.test/a',
      '?q=1',
      './a:b',
      '/a:b',
    ])
      expect(safeLinkHref(ok), ok).toBe(ok);
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'jav%09ascript:alert(1)',
      'javascript%3Aalert(1):x',
      'x:y',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      'file:///etc/passwd',
      'ftp://x.test',
      'tel:+15550100',
      '#top',
      '',
      'https://x.test/\u0000',
      'http://[::1',
    ])
      expect(safeLinkHref(bad), JSON.stringify(bad)).toBeNull();
  });

  it('images: absolute http(s) only', () => {
    expect(safeImageSrc('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(safeImageSrc('http://x.test/a.png')).toBe('http://x.test/a.png');
    for (const bad of [
      '/a.png',
      'a.png',
      '//x.test/a.png',
      'data:image/png;base64,AAAA',
      'javascript:1',
      'blob:x',
    ])
      expect(safeImageSrc(bad), bad).toBeNull();
  });
});
