import { expect, it } from 'vitest';
import { renderReference } from './docs-render';

it('escapes everything that comes from the document', () => {
  const html = renderReference(
    {
      info: { title: '<script>alert(1)</script>', version: '1' },
      paths: {
        '/x/{id}': {
          get: {
            operationId: 'evil"><img src=x onerror=alert(1)>',
            summary: '<b>bold</b>',
            parameters: [
              { name: '<id>', in: 'path', required: true, schema: { type: 'string', pattern: '^<a>$' } },
            ],
            responses: { 200: { description: '<i>ok</i>' } },
          },
        },
      },
    },
    '/spec"><script>',
  );
  expect(html).not.toContain('<script>');
  expect(html).not.toContain('<img');
  expect(html).not.toContain('<b>bold</b>');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('&lt;id&gt;');
});
