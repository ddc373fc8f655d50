import { describe, expect, it } from 'vitest';
import { takeDeepLink } from './walkthrough-link';

const ID = '01hzy8x0000000000000000000';

describe('takeDeepLink', () => {
  it('takes widget_walkthrough and keeps the other parameters and the hash byte for byte', () => {
    expect(
      takeDeepLink(`https://app.example.com/p?a=1&widget_walkthrough=${ID}&b=x%20y+z#/route?q=1`),
    ).toEqual({
      guideId: ID,
      href: 'https://app.example.com/p?a=1&b=x%20y+z#/route?q=1',
    });
  });
  it('takes cairn_walkthrough too, and strips both when both are there (the first wins)', () => {
    expect(takeDeepLink(`https://h.test/?cairn_walkthrough=${ID}&widget_walkthrough=other`)).toEqual({
      guideId: ID,
      href: 'https://h.test/',
    });
  });
  it('leaves a URL without the parameter alone', () => {
    expect(takeDeepLink('https://h.test/p?walkthrough=1#x')).toBeNull();
    expect(takeDeepLink('https://h.test/p#?widget_walkthrough=1')).toBeNull();
    expect(takeDeepLink('https://h.test/p')).toBeNull();
  });
  it('an encoded parameter name counts; a malformed escape elsewhere is kept as it was', () => {
    expect(takeDeepLink(`https://h.test/?widget%5Fwalkthrough=${ID}&bad=%E0%A4%A`)).toEqual({
      guideId: ID,
      href: 'https://h.test/?bad=%E0%A4%A',
    });
  });
  it('an empty value is still consumed (the core then warns about the id)', () => {
    expect(takeDeepLink('https://h.test/?widget_walkthrough=&x=1')).toEqual({
      guideId: '',
      href: 'https://h.test/?x=1',
    });
  });
  it('takes the preview parameter alone when asked (the walkthrough one stays for its own pass)', () => {
    const token = `${ID}.1793536200.q1VZr0wN3bS7kYdPp5m2xHcA9uTfLgE6oJiR4sWvKzQ`;
    const href = `https://h.test/p?widget_preview=${token}&widget_walkthrough=${ID}&a=x%20y#h`;
    const shown = takeDeepLink(href, ['widget_preview']);
    expect(shown).toEqual({ guideId: token, href: `https://h.test/p?widget_walkthrough=${ID}&a=x%20y#h` });
    expect(takeDeepLink(shown!.href)).toEqual({ guideId: ID, href: 'https://h.test/p?a=x%20y#h' });
    expect(takeDeepLink(`https://h.test/?widget_walkthrough=${ID}`, ['widget_preview'])).toBeNull();
  });
});
