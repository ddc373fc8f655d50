/**
 * The MCP server's log: one line per event on stderr (stdout is the stdio transport's). Callers pass
 * facts, never a key or a header.
 */
export function log(level: 'info' | 'warn' | 'error', message: string): void {
  process.stderr.write(`${new Date().toISOString()} ${level.toUpperCase()} mcp: ${message}\n`);
}
