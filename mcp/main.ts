import { readHttpConfig, readStdioConfig } from './config';
import { startHttpServer } from './http/server';
import { log } from './log';
import { runStdio } from './stdio';

/**
 * `npm run mcp -- --stdio | --http` (or the support-mcp bin): the customer-run MCP server. Configuration
 * comes from the environment (mcp/config.ts, docs/mcp.md); nothing here prints a key.
 */
const USAGE = 'usage: support-mcp --stdio | --http   (configuration in the environment; see docs/mcp.md)';

const mode = process.argv.slice(2).find((a) => a === '--stdio' || a === '--http');
const unknown = process.argv.slice(2).filter((a) => a !== '--stdio' && a !== '--http');
if (!mode || unknown.length > 0) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

// The server answers every tool call with a result; nothing that slips past may end the process.
process.on('unhandledRejection', (err) =>
  log('error', `unhandled: ${err instanceof Error ? err.message : String(err)}`),
);

if (mode === '--stdio') {
  const read = readStdioConfig(process.env);
  if (!read.ok) {
    for (const e of read.errors) log('error', e);
    process.exit(2);
  }
  await runStdio(read.config);
} else {
  const read = readHttpConfig(process.env);
  if (!read.ok) {
    for (const e of read.errors) log('error', e);
    process.exit(2);
  }
  const running = await startHttpServer(read.config);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
