import { describe, expect, it } from 'vitest';
import { markdownSections, plainText, slugify, toSourceDocument } from './to-source-document';

describe('evaluation documents as source documents', () => {
  it('splits at ## headings, keeping the intro as a section without heading', () => {
    const body = 'Intro line.\n\n## First part\n\nOne.\n\n## Lost your phone?\n\nTwo.\nThree.';
    expect(markdownSections(body)).toEqual([
      { anchor: null, heading: null, text: 'Intro line.' },
      { anchor: 'first-part', heading: 'First part', text: 'One.' },
      { anchor: 'lost-your-phone', heading: 'Lost your phone?', text: 'Two.\nThree.' },
    ]);
  });

  it('has no intro section when the body starts with a heading', () => {
    expect(markdownSections('## Plans\n\nFree and paid.')).toEqual([
      { anchor: 'plans', heading: 'Plans', text: 'Free and paid.' },
    ]);
  });

  it('removes emphasis and link markup but keeps list text', () => {
    expect(plainText('Go to **Settings > Taxes**, then *Draft* and [the guide](https://x.test).')).toBe(
      'Go to Settings > Taxes, then Draft and the guide.',
    );
    expect(plainText('- **Admin**: everything\n- 3 * 4 = 12')).toBe('- Admin: everything\n- 3 * 4 = 12');
    expect(plainText('Press *6 to mute and *9 to raise your hand; the star (*) terminal.')).toBe(
      'Press *6 to mute and *9 to raise your hand; the star (*) terminal.',
    );
  });

  it('slugs headings', () => {
    expect(slugify('Before you begin: the C wire!')).toBe('before-you-begin-the-c-wire');
  });

  it('builds a public article with a help-center url', () => {
    const doc = toSourceDocument({
      id: 'ledgerly-x',
      product: 'Ledgerly',
      title: 'X',
      body: 'Body.',
    });
    expect(doc).toEqual({
      kind: 'article',
      id: 'ledgerly-x',
      title: 'X',
      url: '/help/ledgerly/ledgerly-x',
      audience: 'public',
      sections: [{ anchor: null, heading: null, text: 'Body.' }],
    });
  });
});
