import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiClient } from './api/client';
import type { StdioConfig } from './config';
import { log } from './log';
import { buildMcpServer } from './server';

/** The stdio entry: one process, one client, one key (SUPPORT_API_KEY). stdout carries only the protocol. */
export async function runStdio(config: StdioConfig): Promise<void> {
  const server = buildMcpServer(
    createApiClient({ baseUrl: config.apiUrl, apiKey: config.apiKey, timeoutMs: config.apiTimeoutMs }),
  );
  const transport = new StdioServerTransport();
  transport.onclose = () => process.exit(0);
  await server.connect(transport);
  process.stdin.once('end', () => void server.close());
  log('info', `serving on stdio (API ${config.apiUrl})`);
}
