import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient } from './api/client';
import { buildMcpServer } from './server';

/**
 * The MCP server against a "service" that answers badly (a proxy's HTML page, truncated JSON, a wrong
 * shape, a redirect, silence, a closed port): every tool call is a tool error naming what happened,
 * and the server keeps answering.
 */
let hostile: Server;
let base = '';
const seen: { path: string; auth: string | undefined }[] = [];

beforeAll(async () => {
  hostile = createServer((req, res) => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization });
    const id = (req.url ?? '').split('/').pop();
    if (id === '01aaaaaaaaaaaaaaaaaaaaaaaa') {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
    } else if (id === '01bbbbbbbbbbbbbbbbbbbbbbbb') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"data":{"id":"01bb');
    } else if (id === '01cccccccccccccccccccccccc') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: { id: 5, title: null } }));
    } else if (id === '01dddddddddddddddddddddddd') {
      res.writeHead(302, { Location: '/elsewhere' });
      res.end();
    } else if (id === '01eeeeeeeeeeeeeeeeeeeeeeee') {
      // Never answers: the client's timeout ends the call.
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            id,
            title: 'Fine',
            slug: 'fine',
            body: 'A **fine** body.',
            access_level: 'public',
            updated_at: '2026-11-01T12:00:00.000Z',
          },
        }),
      );
    }
  });
  await new Promise<void>((done) => hostile.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});

afterAll(async () => {
  hostile.closeAllConnections();
  await new Promise((done) => hostile.close(done));
});

async function connect(apiUrl: string) {
  const server = buildMcpServer(
    createApiClient({ baseUrl: apiUrl, apiKey: 'spk_test_key', timeoutMs: 3000 }),
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'hostile-test', version: '1' });
  await client.connect(b);
  return client;
}
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

it('turns every bad answer into a tool error and keeps serving', async () => {
  const client = await connect(base);
  const article = async (id: string) =>
    (await client.callTool({ name: 'service_get_article', arguments: { article_id: id } })) as CallToolResult;
  const cases: [string, RegExp][] = [
    ['01aaaaaaaaaaaaaaaaaaaaaaaa', /^bad_answer: .*HTTP 502: the answer is not JSON: <html>/],
    ['01bbbbbbbbbbbbbbbbbbbbbbbb', /^bad_answer: .*HTTP 200: the answer is not JSON/],
    ['01cccccccccccccccccccccccc', /^bad_answer: .*does not match the contract at data\./],
    ['01dddddddddddddddddddddddd', /^network_error: .*redirect/],
    ['01eeeeeeeeeeeeeeeeeeeeeeee', /^network_error: .*no answer within the timeout/],
  ];
  for (const [id, expected] of cases) {
    const r = await article(id);
    expect(r.isError, id).toBe(true);
    expect(text(r), id).toMatch(expected);
    expect(text(r)).not.toContain('spk_test_key');
  }
  const fine = await article('01ffffffffffffffffffffffff');
  expect(fine.isError).toBeFalsy();
  expect(text(fine)).toBe('# Fine\n\nA **fine** body.');
  // The key went to the service as a bearer token, nowhere else.
  expect(seen[0]).toEqual({
    path: '/api/v1/articles/01aaaaaaaaaaaaaaaaaaaaaaaa',
    auth: 'Bearer spk_test_key',
  });
  await client.close();
});

it('a service that is not there is a network_error, not a crash', async () => {
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  const { port } = closed.address() as AddressInfo;
  await new Promise((done) => closed.close(done));
  const client = await connect(`http://127.0.0.1:${port}`);
  const r = (await client.callTool({
    name: 'service_search_knowledge',
    arguments: { query: 'anything' },
  })) as CallToolResult;
  expect(r.isError).toBe(true);
  expect(text(r)).toMatch(
    /^network_error: the knowledge service did not answer \(fetch failed: .*ECONNREFUSED/,
  );
  await client.close();
});
