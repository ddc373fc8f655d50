import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { MCP_BIN, mcpEnv } from './testing/bff';

it('stdio: lines that are not JSON-RPC and unknown methods do not stop the server', async () => {
  const child = spawn(process.execPath, [MCP_BIN, '--stdio'], {
    env: mcpEnv({ SUPPORT_API_URL: 'http://127.0.0.1:9', SUPPORT_API_KEY: 'spk_resilience' }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.stdin.write('garbage\n{"jsonrpc":\n[]\n{"jsonrpc":"2.0","id":"a","method":"nope"}\n');
  child.stdin.write(
    `${JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    })}\n`,
  );
  await expect.poll(() => out.split('\n').filter(Boolean).length, { timeout: 15_000 }).toBe(2);
  const [unknown, init] = out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(unknown).toEqual({ jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'Method not found' } });
  expect(init.result.serverInfo.name).toBe('support-knowledge');
  child.stdin.end();
  expect(await exited).toBe(0);
  expect(err).not.toContain('spk_resilience');
});

it('refuses to start without its configuration, saying what is missing', async () => {
  const child = spawn(process.execPath, [MCP_BIN, '--stdio'], {
    env: mcpEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  expect(code).toBe(2);
  expect(err).toMatch(/SUPPORT_API_URL is required/);
  expect(err).toMatch(/SUPPORT_API_KEY is required on stdio/);
});
