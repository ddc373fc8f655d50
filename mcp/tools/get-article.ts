import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from '../api/client';
import { ulid } from './ids';
import { toolError } from './tool-error';

export const articleOutput = {
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  access_level: z.enum(['public', 'authenticated', 'internal']),
  updated_at: z.string(),
  body: z.string().describe('Markdown.'),
};

export function registerGetArticle(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'service_get_article',
    {
      title: 'Read a help-center article',
      description:
        'Returns one published help-center article with its body as Markdown. Use it after service_search_knowledge ' +
        'found an article chunk (source.id) to read the whole article before answering.',
      inputSchema: { article_id: ulid('article id') },
      outputSchema: articleOutput,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ article_id }): Promise<CallToolResult> => {
      const answer = await api.getArticle(article_id);
      if (!answer.ok) return toolError(answer.failure, { kind: 'article', id: article_id });
      const a = answer.data.data;
      const out = {
        id: a.id,
        title: a.title,
        slug: a.slug,
        access_level: a.access_level,
        updated_at: a.updated_at,
        body: a.body,
      };
      return { content: [{ type: 'text', text: `# ${a.title}\n\n${a.body}` }], structuredContent: out };
    },
  );
}
