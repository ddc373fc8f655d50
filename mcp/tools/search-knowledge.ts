import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from '../api/client';
import type { CheckedRetrievalAnswer } from '../api/schemas';
import { parseDocumentRef, stepSeq } from './document-ref';
import { toolError } from './tool-error';

/** The API's default, sent explicitly (the generated request type requires it). */
export const DEFAULT_TOP_K = 8;

const Audience = z.enum(['public', 'customers', 'internal']);

export const searchInput = {
  query: z
    .string()
    .trim()
    .min(2)
    .max(500)
    .describe('What to look for, in the words a user would use (2..500 characters).'),
  top_k: z
    .number()
    .int()
    .min(1)
    .max(25)
    .optional()
    .describe('How many chunks to return, best first (1..25, default 8).'),
  audiences: z
    .array(Audience)
    .min(1)
    .max(3)
    .optional()
    .describe(
      'Which audiences to search (default public and customers). internal works only when the API key has ' +
        'retrieval:internal; an audience the key may not see is dropped, never an error (see audiences in the result).',
    ),
};

export const searchOutput = {
  audiences: z.array(Audience).describe('The audiences actually searched.'),
  chunks: z.array(
    z.object({
      chunk_id: z.string(),
      document_ref: z
        .string()
        .describe('`<kind>:<source id>` and `#<anchor>` for a part (a guide step, a heading).'),
      text: z.string(),
      audience: Audience,
      score: z.number().describe('Rank-fusion score; higher is better.'),
      source: z.object({
        kind: z.enum(['guide', 'article', 'page', 'upload']),
        id: z.string(),
        title: z.string(),
        url: z.string().nullable(),
      }),
      anchor: z
        .string()
        .nullable()
        .describe('The part of the source this chunk is (a heading slug, step-3).'),
      guide: z
        .object({
          guide_id: z.string().describe('Pass to service_get_guide for all steps in order.'),
          step_anchor: z.string().nullable(),
          step_seq: z.number().int().nullable(),
        })
        .nullable()
        .describe('For a chunk of a guide: the guide and the step it is.'),
    }),
  ),
};

type SearchOutput = z.output<z.ZodObject<typeof searchOutput>>;

/** The API's answer as the tool's structured content. */
export function searchResult(answer: CheckedRetrievalAnswer): SearchOutput {
  return {
    audiences: answer.meta.audiences,
    chunks: answer.data.map((c) => {
      const anchor = parseDocumentRef(c.document_ref)?.anchor ?? null;
      return {
        chunk_id: c.chunk_id,
        document_ref: c.document_ref,
        text: c.text,
        audience: c.audience,
        score: c.score,
        source: c.source,
        anchor,
        guide:
          c.source.kind === 'guide'
            ? { guide_id: c.source.id, step_anchor: anchor, step_seq: stepSeq(anchor) }
            : null,
      };
    }),
  };
}

/** The same result as text an agent reads: one numbered block per chunk with its source and how to open it. */
export function searchText(out: SearchOutput): string {
  const head = `${out.chunks.length} chunk(s), audiences searched: ${out.audiences.join(', ') || 'none'}.`;
  const blocks = out.chunks.map((c, i) => {
    const where = [
      `${c.source.kind} "${c.source.title}"`,
      c.source.url ? `url ${c.source.url}` : null,
      `document_ref ${c.document_ref}`,
      c.guide
        ? `open with service_get_guide guide_id=${c.guide.guide_id}${c.guide.step_anchor ? ` (step anchor ${c.guide.step_anchor})` : ''}`
        : c.source.kind === 'article'
          ? `open with service_get_article article_id=${c.source.id}`
          : null,
    ].filter((part) => part !== null);
    return `[${i + 1}] ${where.join('; ')}\n${c.text}`;
  });
  return [head, ...blocks].join('\n\n');
}

export function registerSearchKnowledge(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'service_search_knowledge',
    {
      title: 'Search the knowledge base',
      description:
        'Searches the published help-center articles and step-by-step guides (hybrid full-text and semantic search) ' +
        'and returns the best matching chunks with their source title, URL, document_ref and, for guides, the guide id ' +
        'and step anchor. Use it first to answer a how-to question; then open a whole guide with service_get_guide or ' +
        'an article with service_get_article.',
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ query, top_k, audiences }): Promise<CallToolResult> => {
      const answer = await api.queryRetrieval({
        query,
        top_k: top_k ?? DEFAULT_TOP_K,
        ...(audiences === undefined ? {} : { filters: { audiences } }),
      });
      if (!answer.ok) return toolError(answer.failure, { kind: 'search' });
      const out = searchResult(answer.data);
      return { content: [{ type: 'text', text: searchText(out) }], structuredContent: out };
    },
  );
}
