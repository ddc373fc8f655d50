import { expect, it } from 'vitest';
import { buildSnippet } from './snippet';

it('is two script elements: the queue and website id, then l.js async from the CDN', () => {
  expect(buildSnippet('https://cdn.example.com/w/', '01jd2m7r3x8k9q4w5e6t7y8v9a')).toBe(
    '<script>window.$widget=[];window.WIDGET_WEBSITE_ID="01jd2m7r3x8k9q4w5e6t7y8v9a";</script>\n' +
      '<script async src="https://cdn.example.com/w/l.js"></script>',
  );
});

it('is null while no CDN is configured, and cannot be broken out of', () => {
  expect(buildSnippet(null, 'x')).toBeNull();
  const s = buildSnippet(
    'https://cdn.example.com/"><script>x</script>',
    '</script><script>alert(1)</script>',
  )!;
  expect(s.match(/<script/g)).toHaveLength(2);
  expect(s.match(/<\/script>/g)).toHaveLength(2);
});

it('carries a CSP nonce on both elements when the page has one', () => {
  const s = buildSnippet('https://cdn.example.com', '01jd2m7r3x8k9q4w5e6t7y8v9a', { nonce: 'r4nd"<' })!;
  expect(s).toBe(
    '<script nonce="r4nd&quot;&lt;">window.$widget=[];window.WIDGET_WEBSITE_ID="01jd2m7r3x8k9q4w5e6t7y8v9a";</script>\n' +
      '<script async nonce="r4nd&quot;&lt;" src="https://cdn.example.com/l.js"></script>',
  );
});
