import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Bff,
  connectHttp,
  connectStdio,
  type McpHttpProcess,
  startBff,
  startMcpHttp,
} from './testing/bff';

/**
 * The SDK's own client against the MCP server's two entries (the support-mcp bin over stdio, and over
 * Streamable HTTP), which talk to a real BFF with the demo content over its public API.
 */
const FULL = ['retrieval:query', 'guides:read', 'articles:read'];
const ALLOWED_ORIGIN = 'http://agent.example:3000';

let bff: Bff;
let http: McpHttpProcess;
const keys: Record<'full' | 'internal' | 'searchOnly' | 'revoked' | 'burst', string> = {
  full: '',
  internal: '',
  searchOnly: '',
  revoked: '',
  burst: '',
};
const stderrs: (() => string)[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  // A low per-key limit, so one dedicated key reaches 429 in a few dozen calls.
  bff = await startBff({ RATE_LIMIT_PER_KEY: '30' });
  const [full, internal, searchOnly, revoked, burst] = await Promise.all([
    bff.createKey('mcp full', FULL),
    bff.createKey('mcp internal', [...FULL, 'retrieval:internal']),
    bff.createKey('mcp search only', ['retrieval:query']),
    bff.createKey('mcp revoked', FULL),
    bff.createKey('mcp burst', FULL),
  ]);
  await bff.revokeKey(revoked.id);
  Object.assign(keys, {
    full: full.key,
    internal: internal.key,
    searchOnly: searchOnly.key,
    revoked: revoked.key,
    burst: burst.key,
  });
  http = await startMcpHttp(bff.url, { MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN });
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await http?.stop();
  await bff?.stop();
});

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

interface Chunk {
  document_ref: string;
  audience: string;
  text: string;
  source: { kind: string; id: string; title: string; url: string | null };
  anchor: string | null;
  guide: { guide_id: string; step_anchor: string | null; step_seq: number | null } | null;
}
const chunksOf = (r: CallToolResult) => (r.structuredContent as { chunks: Chunk[] }).chunks;

describe.each(['stdio', 'http'] as const)('over %s', (transport) => {
  const connected = new Map<string, Client>();
  const client = async (key: keyof typeof keys) => {
    const existing = connected.get(key);
    if (existing) return existing;
    let c: Client;
    if (transport === 'stdio') {
      const made = await connectStdio(bff.url, keys[key]);
      stderrs.push(made.stderr);
      c = made.client;
    } else c = await connectHttp(http.url, keys[key]);
    clients.push(c);
    connected.set(key, c);
    return c;
  };
  const call = async (key: keyof typeof keys, name: string, args: Record<string, unknown>) =>
    (await (await client(key)).callTool({ name, arguments: args })) as CallToolResult;

  it('lists the three tools with input and output schemas and read-only annotations', async () => {
    const { tools } = await (await client('full')).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'service_get_article',
      'service_get_guide',
      'service_search_knowledge',
    ]);
    const search = tools.find((t) => t.name === 'service_search_knowledge')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query', 'top_k', 'audiences']);
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.outputSchema?.properties ?? {})).toEqual(['audiences', 'chunks']);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(80);
      expect(t.outputSchema).toBeDefined();
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
  });

  it('searches: chunks with source title, URL, document_ref, and guide references with step anchors', async () => {
    const r = await call('full', 'service_search_knowledge', { query: 'invite a teammate', top_k: 5 });
    expect(r.isError).toBeFalsy();
    const { audiences } = r.structuredContent as { audiences: string[] };
    expect(audiences.sort()).toEqual(['customers', 'public']);
    const chunks = chunksOf(r);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.length).toBeLessThanOrEqual(5);
    const step = chunks.find((c) => c.source.title === 'Invite a teammate' && c.guide?.step_anchor);
    expect(step).toBeDefined();
    expect(step!.document_ref).toBe(`guide:${step!.source.id}#${step!.guide!.step_anchor}`);
    expect(step!.guide).toEqual({
      guide_id: step!.source.id,
      step_anchor: expect.stringMatching(/^step-\d+$/),
      step_seq: Number(step!.guide!.step_anchor!.slice(5)),
    });
    // The text names the same sources and how to open them.
    expect(text(r)).toContain(`"Invite a teammate"`);
    expect(text(r)).toContain(`service_get_guide guide_id=${step!.source.id}`);
    expect(text(r)).toContain(step!.document_ref);
    const article = (
      await call('full', 'service_search_knowledge', { query: 'return items refund original payment' })
    ).structuredContent as { chunks: Chunk[] };
    const returns = article.chunks.find((c) => c.source.kind === 'article');
    expect(returns?.source.url).toMatch(/returns-and-refunds/);
    expect(returns?.guide).toBeNull();
  });

  it('reads a guide (steps in order with text and anchors) and an article (Markdown body)', async () => {
    const found = chunksOf(await call('full', 'service_search_knowledge', { query: 'invite a teammate' }));
    const guideId = found.find((c) => c.source.kind === 'guide')!.source.id;
    const g = await call('full', 'service_get_guide', { guide_id: guideId });
    expect(g.isError).toBeFalsy();
    const guide = g.structuredContent as {
      title: string;
      steps: { seq: number; anchor: string; text: string }[];
    };
    expect(guide.title).toBe('Invite a teammate');
    expect(guide.steps.map((s) => s.seq)).toEqual([1, 2, 3, 4]);
    expect(guide.steps.map((s) => s.anchor)).toEqual(['step-1', 'step-2', 'step-3', 'step-4']);
    expect(guide.steps[0]!.text).toBe('Open Account settings from the menu in the top right corner.');
    expect(text(g)).toMatch(/^# Invite a teammate\n/);
    expect(text(g)).toContain('1. Open Account settings from the menu in the top right corner. [#step-1]');

    const hits = chunksOf(
      await call('full', 'service_search_knowledge', { query: 'change subscription plan prorated' }),
    );
    const articleId = hits.find((c) => c.source.title === 'Change your subscription plan')!.source.id;
    const a = await call('full', 'service_get_article', { article_id: articleId });
    expect(a.isError).toBeFalsy();
    expect(a.structuredContent).toMatchObject({ id: articleId, access_level: 'authenticated' });
    expect(text(a)).toContain('# Change your subscription plan');
    expect(text(a)).toContain('**Account > Plan**');
  });

  it('keeps internal content invisible without retrieval:internal, and shows it with it', async () => {
    const args = {
      query: 'refund second approval staff',
      audiences: ['public', 'customers', 'internal'],
      top_k: 25,
    };
    const without = await call('full', 'service_search_knowledge', args);
    expect((without.structuredContent as { audiences: string[] }).audiences).not.toContain('internal');
    expect(chunksOf(without).filter((c) => c.audience === 'internal')).toEqual([]);

    const withIt = await call('internal', 'service_search_knowledge', args);
    expect((withIt.structuredContent as { audiences: string[] }).audiences).toContain('internal');
    const internal = chunksOf(withIt).filter((c) => c.audience === 'internal');
    const playbook = internal.find((c) => c.source.title === 'Refund approval playbook (internal)');
    const staffGuide = internal.find((c) => c.source.title === 'Approve a large refund (staff)');
    expect(playbook).toBeDefined();
    expect(staffGuide).toBeDefined();

    // Reading them by id: not found without the ability, the content with it.
    const hidden = await call('full', 'service_get_article', { article_id: playbook!.source.id });
    expect(hidden.isError).toBe(true);
    expect(text(hidden)).toMatch(/^not_found \(HTTP 404\): article .* not visible to this key/);
    expect(hidden.structuredContent).toBeUndefined();
    const hiddenGuide = await call('full', 'service_get_guide', { guide_id: staffGuide!.source.id });
    expect(text(hiddenGuide)).toMatch(/^not_found \(HTTP 404\)/);
    const shown = await call('internal', 'service_get_article', { article_id: playbook!.source.id });
    expect(shown.isError).toBeFalsy();
    expect(text(shown)).toContain('Staff only: refunds above 500 need a second approval.');
    const shownGuide = await call('internal', 'service_get_guide', { guide_id: staffGuide!.source.id });
    expect((shownGuide.structuredContent as { share_mode: string }).share_mode).toBe('private');
  });

  it('a revoked key: every tool answers invalid_api_key with what to do', async () => {
    const r = await call('revoked', 'service_search_knowledge', { query: 'invite a teammate' });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^invalid_api_key \(HTTP 401\): .*revoked.*Retrying will not help/);
  });

  it('a key lacking an ability: missing_ability naming it', async () => {
    const ok = await call('searchOnly', 'service_search_knowledge', { query: 'invite a teammate' });
    expect(ok.isError).toBeFalsy();
    const guideId = chunksOf(ok).find((c) => c.guide)!.guide!.guide_id;
    const g = await call('searchOnly', 'service_get_guide', { guide_id: guideId });
    expect(g.isError).toBe(true);
    expect(text(g)).toMatch(
      /^missing_ability \(HTTP 403\): .*lacks the ability guides:read needed for guide /,
    );
    const a = await call('searchOnly', 'service_get_article', { article_id: '01m6bg8kdejr2f4ke9e1z10crj' });
    expect(text(a)).toMatch(/^missing_ability \(HTTP 403\): .*articles:read/);
  });

  it('malformed tool calls answer a clean error and the server stays up', async () => {
    const bad = [
      { name: 'service_get_guide', arguments: { guide_id: 'not-an-id' } },
      { name: 'service_get_guide', arguments: {} },
      { name: 'service_search_knowledge', arguments: { query: 'x' } },
      { name: 'service_search_knowledge', arguments: { query: 'invite', top_k: 99 } },
      { name: 'service_search_knowledge', arguments: { query: 'invite', audiences: ['everyone'] } },
      { name: 'service_search_knowledge', arguments: { query: 42 } },
    ];
    const c = await client('full');
    for (const params of bad) {
      const r = (await c.callTool(params)) as CallToolResult;
      expect(r.isError, JSON.stringify(params)).toBe(true);
      expect(text(r)).toMatch(/Input validation error/);
    }
    const unknown = (await c.callTool({
      name: 'service_delete_everything',
      arguments: {},
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/not found/i);
    const after = await call('full', 'service_search_knowledge', { query: 'invite a teammate' });
    expect(after.isError).toBeFalsy();
  });

  it('429: rate_limited with the seconds to wait', async () => {
    let last: CallToolResult | undefined;
    for (let i = 0; i < 40; i++) {
      last = await call('burst', 'service_get_article', { article_id: '01m6bg8kdejr2f4ke9e1z10crj' });
      if (text(last).startsWith('rate_limited')) break;
    }
    expect(last!.isError).toBe(true);
    expect(text(last!)).toMatch(
      /^rate_limited \(HTTP 429\): too many requests for this API key\. Retry after \d+ seconds\./,
    );
  });
});

it('runs as `npm run --silent mcp -- --stdio` too', async () => {
  const { client, stderr } = await connectStdio(bff.url, keys.full, 'npm');
  clients.push(client);
  stderrs.push(stderr);
  const r = (await client.callTool({
    name: 'service_search_knowledge',
    arguments: { query: 'where is my order' },
  })) as CallToolResult;
  expect(r.isError).toBeFalsy();
  expect(chunksOf(r).some((c) => c.source.title === 'Find out where your order is')).toBe(true);
});

describe('Streamable HTTP edge', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const post = (headers: Record<string, string>, body: unknown = initialize) =>
    fetch(http.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it('refuses a wrong Origin with 403 (DNS rebinding), and takes an allowed one', async () => {
    const auth = { Authorization: `Bearer ${keys.full}` };
    for (const origin of [
      'http://evil.example',
      'null',
      `${ALLOWED_ORIGIN}/path`,
      'http://agent.example:3001',
    ]) {
      const res = await post({ ...auth, Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/Origin/);
    }
    const ok = await post({ ...auth, Origin: ALLOWED_ORIGIN });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    await ok.body?.cancel();
  });

  it('refuses a foreign Host with 403 (a rebinding page of another name sends its own Host)', async () => {
    // fetch cannot set Host; node:http can.
    const status = await new Promise<number>((done, fail) => {
      const req = request(
        http.url,
        {
          method: 'POST',
          headers: {
            Host: `rebound.example:${new URL(http.url).port}`,
            Authorization: `Bearer ${keys.full}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.once('error', fail);
      req.end(JSON.stringify(initialize));
    });
    expect(status).toBe(403);
  });

  it('asks for the key (401), keeps a session to its key (403), and answers 404 for an unknown session', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const opened = await post({ Authorization: `Bearer ${keys.full}` });
    const session = opened.headers.get('mcp-session-id')!;
    await opened.body?.cancel();
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const other = await post({ Authorization: `Bearer ${keys.internal}`, 'Mcp-Session-Id': session }, list);
    expect(other.status).toBe(403);
    const unknown = await post(
      { Authorization: `Bearer ${keys.full}`, 'Mcp-Session-Id': '00000000-0000-4000-8000-000000000000' },
      list,
    );
    expect(unknown.status).toBe(404);
    const notJson = await fetch(http.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys.full}`, 'Content-Type': 'application/json' },
      body: '{"jsonrpc":',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const ended = await fetch(http.url, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${keys.full}`, 'Mcp-Session-Id': session },
    });
    expect(ended.status).toBe(200);
    const gone = await post({ Authorization: `Bearer ${keys.full}`, 'Mcp-Session-Id': session }, list);
    expect(gone.status).toBe(404);
  });

  it('never logs a key', async () => {
    const logs = [http.output(), ...stderrs.map((s) => s())].join('\n');
    expect(logs).toMatch(/session .* opened/);
    for (const key of Object.values(keys)) expect(logs).not.toContain(key);
    expect(logs).not.toMatch(/spk_/);
  });
});
