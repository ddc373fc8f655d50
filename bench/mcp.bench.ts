import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectHttp, connectStdio, startBff, startMcpHttp } from '../mcp/testing/bff';
import { summarize } from './stats';

const CALLS = 50;
const WARMUP = 5;

/**
 * `npm run bench -- mcp`: the round trip of one service_search_knowledge call through the MCP server
 * (client -> MCP server -> the BFF's queryRetrieval -> back), over stdio and over Streamable HTTP, one
 * call at a time, against a real BFF child with the demo content. Besides each transport, the same
 * query straight to the API, so the MCP server's own share shows.
 */
export async function mcpBench(): Promise<void> {
  const bff = await startBff();
  const http = await startMcpHttp(bff.url);
  const clients: Client[] = [];
  try {
    const { key } = await bff.createKey('mcp bench', ['retrieval:query', 'guides:read', 'articles:read']);
    const args = { query: 'invite a teammate to my account', top_k: 8 };
    const direct = async () => {
      const res = await fetch(`${bff.url}/api/v1/retrieval/query`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      });
      if (res.status !== 200) throw new Error(`queryRetrieval: ${res.status}`);
      await res.json();
    };
    const viaMcp = (client: Client) => async () => {
      const r = (await client.callTool({
        name: 'service_search_knowledge',
        arguments: args,
      })) as CallToolResult;
      if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.content)}`);
    };
    const stdio = (await connectStdio(bff.url, key)).client;
    const overHttp = await connectHttp(http.url, key);
    clients.push(stdio, overHttp);
    const rows: [string, () => Promise<void>][] = [
      ['API directly (queryRetrieval)', direct],
      ['MCP over stdio', viaMcp(stdio)],
      ['MCP over Streamable HTTP', viaMcp(overHttp)],
    ];
    console.log(
      `mcp: service_search_knowledge round trip, ${CALLS} sequential calls each (interleaved) after ${WARMUP} warm-up`,
    );
    const ms: number[][] = rows.map(() => []);
    for (let i = 0; i < WARMUP; i++) for (const [, run] of rows) await run();
    // Interleaved, so a warming cache or a busy moment of the machine falls on every row alike.
    for (let i = 0; i < CALLS; i++) {
      for (const [r, [, run]] of rows.entries()) {
        const t = performance.now();
        await run();
        ms[r]!.push(performance.now() - t);
      }
    }
    for (const [r, [label]] of rows.entries()) {
      const s = summarize(ms[r]!);
      console.log(`  ${label.padEnd(30)} p50 ${s.p50} ms  p95 ${s.p95} ms  mean ${s.mean} ms  (n=${s.n})`);
    }
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await http.stop();
    await bff.stop();
  }
}
