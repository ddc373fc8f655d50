import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiClient } from './api/client';
import { registerGetArticle } from './tools/get-article';
import { registerGetGuide } from './tools/get-guide';
import { registerSearchKnowledge } from './tools/search-knowledge';

export const SERVER_NAME = 'support-knowledge';
export const SERVER_VERSION = '0.1.0';

/**
 * One MCP server over one API client: the stdio process has one, the HTTP entry one per session (so a
 * session only ever uses the key it was opened with).
 */
export function buildMcpServer(api: ApiClient): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      instructions:
        'Knowledge of this product: search with service_search_knowledge, then open a guide (service_get_guide) ' +
        'or an article (service_get_article) by the source.id of a result.',
    },
  );
  registerSearchKnowledge(server, api);
  registerGetGuide(server, api);
  registerGetArticle(server, api);
  return server;
}
