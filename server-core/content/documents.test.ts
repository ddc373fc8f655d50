import { describe, expect, it } from 'vitest';
import { htmlSections } from './html-sections';
import { markdownSections, markdownToText } from './markdown-sections';
import { anchorMaker, slugify } from './slug';

describe('slugs', () => {
  it('slugifies titles and makes anchors unique within a document', () => {
    expect(slugify('Résumé: Getting started!')).toBe('resume-getting-started');
    expect(slugify('***')).toBe('');
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
    const a = anchorMaker();
    expect([a('Setup'), a('Setup'), a('Setup'), a('Setup 1')]).toEqual([
      'setup',
      'setup-1',
      'setup-2',
      'setup-1-1',
    ]);
  });
});

describe('markdown sections', () => {
  it('splits at h1-h3 (ATX and setext), never inside code, with slug anchors and plain text', () => {
    const md = [
      'Intro with **bold** and a [link](https://x.test).',
      '',
      '## Before you start',
      'You need an *admin* account.',
      '',
      '```sh',
      '# not a heading',
      'npm start',
      '```',
      '',
      '#### Deeper heading stays inside',
      '- item `one`',
      '- item two',
      '',
      'Second part',
      '===========',
      '',
      '> Quoted ![alt text](img.png)',
      '',
      '## Before you start',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
    ].join('\n');
    expect(markdownSections(md)).toEqual([
      { anchor: null, heading: null, text: 'Intro with bold and a link.' },
      {
        anchor: 'before-you-start',
        heading: 'Before you start',
        text: 'You need an admin account.\n\n# not a heading\nnpm start\n\nDeeper heading stays inside\nitem one\nitem two',
      },
      { anchor: 'second-part', heading: 'Second part', text: 'Quoted alt text' },
      { anchor: 'before-you-start-1', heading: 'Before you start', text: 'a b\n1 2' },
    ]);
  });

  it('keeps snake_case words and drops emphasis marks only', () => {
    expect(markdownToText('Set `max_items` to _five_ in my_config_file, __really__.')).toBe(
      'Set max_items to five in my_config_file, really.',
    );
  });

  it('raw HTML in the Markdown (shown as text to readers) gives no words; in code it stays', () => {
    expect(
      markdownToText('<div align="center">\n<img src="logo.png">\n</div>\n\nA <b>bold</b> `<br>` move.'),
    ).toBe('A bold <br> move.');
  });

  it('a document without headings is one section; an empty one none', () => {
    expect(markdownSections('Just text.')).toEqual([{ anchor: null, heading: null, text: 'Just text.' }]);
    expect(markdownSections('   \n')).toEqual([]);
  });
});

describe('html sections', () => {
  it('splits at h1-h3 with ids or slugs, decodes entities, drops scripts, styles and hidden parts', () => {
    const html = `<!doctype html><html><head><title>T</title><style>p{}</style></head><body>
      <nav>Home &amp; more</nav>
      <h1 id="top">Welcome</h1><p>First&nbsp;para.</p><script>alert("x")</script>
      <h2>Billing &amp; plans</h2><p>Pay <b>monthly</b>.<br>Or yearly.</p>
      <div hidden>secret hidden</div><span aria-hidden="true">icon</span>
      <h4>Small heading</h4><ul><li>one</li><li>two</li></ul>
      <h3><a href="#x">Refunds</a></h3><table><tr><td>a</td><td>b</td></tr></table>
      <template><h2>Not real</h2></template><img src="x.png" alt="A chart">
    </body></html>`;
    expect(htmlSections(html)).toEqual([
      { anchor: null, heading: null, text: 'Home & more' },
      { anchor: 'top', heading: 'Welcome', text: 'First para.' },
      {
        anchor: 'billing-plans',
        heading: 'Billing & plans',
        text: 'Pay monthly.\nOr yearly.\n\nSmall heading\n\none\n\ntwo',
      },
      { anchor: 'refunds', heading: 'Refunds', text: 'a b\n\nA chart' },
    ]);
  });

  it('survives malformed markup', () => {
    expect(htmlSections('<h2>Open<p>text <b>bold</h2> after')).toEqual(
      expect.arrayContaining([expect.objectContaining({ heading: expect.stringContaining('Open') })]),
    );
    expect(htmlSections('')).toEqual([]);
  });
});
