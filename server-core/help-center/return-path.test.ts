import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path on the help center with its query, without the fragment', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/articles/reset-password')).toBe('/articles/reset-password');
    expect(safeReturnPath('/search?q=refund%20policy')).toBe('/search?q=refund%20policy');
    expect(safeReturnPath('/articles/a#step-2')).toBe('/articles/a');
    expect(safeReturnPath('/a/../articles/b')).toBe('/articles/b');
  });

  it('turns every hostile or odd value into /', () => {
    const hostile = [
      undefined,
      null,
      '',
      'https://evil.example',
      'http://evil.example/articles/a',
      '//evil.example',
      '//evil.example/articles',
      '///evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\n/evil.example',
      '/\r\n/evil.example',
      ' /articles',
      '/articles x',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example',
      'articles/a',
      '/.//evil.example',
      '/./\\evil.example',
      '/..//evil.example',
      '/\u0000/evil.example',
      '/\u007f',
      `/${'a'.repeat(2000)}`,
      '@evil.example',
      '?next=//evil',
      '#/evil',
    ];
    for (const raw of hostile) expect(safeReturnPath(raw), String(raw)).toBe('/');
  });

  it('never answers anything that leaves the host, whatever the input', () => {
    const pieces = ['/', '\\', '.', '%2f', '%5c', 'evil', ':', '@', '?', '#', '\t', '//', 'http:'];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const out = safeReturnPath(`${a}${b}${c}`);
          expect(out.startsWith('/'), `${a}${b}${c}`).toBe(true);
          expect(out.startsWith('//'), `${a}${b}${c}`).toBe(false);
          expect(out.includes('\\'), `${a}${b}${c}`).toBe(false);
          expect(new URL(out, 'https://help.example.com').host).toBe('help.example.com');
        }
  });
});
