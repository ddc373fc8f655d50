import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type ChildServer,
  demoCredentials,
  freePort,
  ROOT,
  startChildServer,
} from '../../e2e/support/server';

/**
 * The MCP tests' and the bench's world: a real BFF child process with the demo content (the server
 * `npm start` runs, on a fresh DATA_DIR), API keys made through the portal's operations, and the MCP
 * server's own entries (the support-mcp bin) as child processes.
 */
export interface Bff {
  url: string;
  server: ChildServer;
  createKey(name: string, abilities: string[]): Promise<{ id: string; key: string }>;
  revokeKey(id: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startBff(extraEnv: NodeJS.ProcessEnv = {}): Promise<Bff> {
  // The widget bundle is not needed here (and a fresh checkout has not built it).
  const server = await startChildServer({ SERVE_WIDGET: 'off', ...extraEnv });
  const creds = demoCredentials(server.dataDir);
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: creds.ownerEmail, password: creds.ownerPassword }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data } = (await login.json()) as { data: { csrf_token: string } };
  const headers = { Cookie: cookie, 'X-CSRF-Token': data.csrf_token, 'Content-Type': 'application/json' };
  const keys = `${server.url}/api/v1/workspaces/${creds.workspaceId}/api-keys`;
  return {
    url: server.url,
    server,
    async createKey(name, abilities) {
      const res = await fetch(keys, { method: 'POST', headers, body: JSON.stringify({ name, abilities }) });
      if (res.status !== 201) throw new Error(`createApiKey: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: { id: string }; plaintext_key: string };
      return { id: body.data.id, key: body.plaintext_key };
    },
    async revokeKey(id) {
      const res = await fetch(`${keys}/${id}`, { method: 'DELETE', headers });
      if (res.status !== 200) throw new Error(`revokeApiKey: ${res.status} ${await res.text()}`);
    },
    stop: () => server.stop(),
  };
}

export const MCP_BIN = join(ROOT, 'mcp/bin/support-mcp.js');

/** Only what the MCP server needs (and PATH): the tests' own environment would leak into it. */
export function mcpEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...extra };
}

/**
 * The SDK's client over stdio, spawning the bin (or `npm run --silent mcp -- --stdio`: without --silent
 * npm prints its banner on stdout, which is the protocol's) with the key in the environment.
 */
export async function connectStdio(
  apiUrl: string,
  key: string,
  via: 'bin' | 'npm' = 'bin',
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: via === 'bin' ? process.execPath : 'npm',
    args: via === 'bin' ? [MCP_BIN, '--stdio'] : ['run', '--silent', 'mcp', '--', '--stdio'],
    cwd: ROOT,
    env: mcpEnv({ SUPPORT_API_URL: apiUrl, SUPPORT_API_KEY: key }),
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

/** The SDK's client over Streamable HTTP with the key as Authorization: Bearer. */
export async function connectHttp(mcpUrl: string, key: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export interface McpHttpProcess {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** `support-mcp --http` as a child process on a free loopback port; resolves when it listens. */
export async function startMcpHttp(
  apiUrl: string,
  extra: Record<string, string> = {},
): Promise<McpHttpProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MCP_BIN, '--http'], {
    cwd: ROOT,
    env: mcpEnv({ SUPPORT_API_URL: apiUrl, MCP_PORT: String(port), ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((ready, reject) => {
    const timer = setTimeout(() => reject(new Error(`MCP HTTP server not ready in 30 s:\n${out}`)), 30_000);
    child.stderr!.on('data', () => {
      if (/listening on /.test(out)) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`MCP HTTP server exited (${code}):\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
