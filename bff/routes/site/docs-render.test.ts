import { expect, it } from 'vitest';
import { curlCommand, exampleRequest } from './docs-examples';
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
            description: 'Raw <script>alert(2)</script> stays text; `code` and **bold** are Markdown.',
            parameters: [
              { name: '<id>', in: 'path', required: true, schema: { type: 'string', pattern: '^<a>$' } },
            ],
            responses: { 200: { description: '<i>ok</i>' } },
          },
        },
      },
    },
    { specPath: '/spec"><script>', baseUrl: 'http://localhost:3000', guide: [] },
  );
  expect(html).not.toContain('<script>');
  expect(html).not.toContain('<img');
  expect(html).not.toContain('<b>bold</b>');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('&lt;id&gt;');
  expect(html).toContain(
    'Raw &lt;script&gt;alert(2)&lt;/script&gt; stays text; <code>code</code> and <strong>bold</strong>',
  );
});

it('prints a curl that quotes its JSON body for the shell and reads credentials from variables', () => {
  const req = exampleRequest({}, 'post', '/api/v1/things/{thingId}', {
    security: [{ apiKey: [] }],
    parameters: [{ name: 'thingId', in: 'path', required: true, example: 'abc' }],
    requestBody: { content: { 'application/json': { example: { note: "it's here" } } } },
    responses: { 201: { description: 'Created.' } },
  });
  expect(req.missing).toEqual([]);
  expect(curlCommand(req, 'https://support.example.com/')).toBe(
    [
      'curl -X POST "https://support.example.com/api/v1/things/abc"',
      '-H "Authorization: Bearer $API_KEY"',
      '-H "Content-Type: application/json"',
      `-d '{\n  "note": "it'\\''s here"\n}'`,
    ].join(' \\\n  '),
  );
  expect(exampleRequest({}, 'get', '/x/{id}', { parameters: [{ name: 'id', in: 'path' }] }).missing).toEqual([
    'path parameter id',
  ]);
});

it('an operation whose body has no example still renders (the examples test is what fails)', () => {
  const op = {
    operationId: 'noExample',
    requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    responses: { 200: { description: 'Ok.' } },
  };
  const req = exampleRequest({}, 'post', '/y', op);
  expect(req.missing).toEqual(['request body']);
  expect(curlCommand(req, 'https://support.example.com')).toBe(
    'curl -X POST "https://support.example.com/y" \\\n  -H "Content-Type: application/json"',
  );
  const html = renderReference(
    { info: { title: 'T', version: '1' }, paths: { '/y': { post: op } } },
    { specPath: '/spec', baseUrl: 'https://support.example.com', guide: [] },
  );
  expect(html).toContain('noExample');
});
