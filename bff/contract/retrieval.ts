import { createRoute, z } from '@hono/zod-openapi';
import { articleUrl } from '../../server-core/content/article';
import { errorResponses } from '../openapi/schemas';
import { json, jsonBody } from './common';
import { EXAMPLE_DEMO, EXAMPLE_ID } from './examples';
import { API_KEY, idempotencyHeaders } from './operation-parts';
import { strictObject } from './strict-input';

/**
 * Hybrid retrieval over published knowledge. A chunk hit of server-core (retrieval/search-chunks.ts)
 * is the spec's Retrieval chunk field for field, so it is sent as it comes.
 */

const AudienceEnum = z.enum(['public', 'customers', 'internal']);

export const RetrievalChunk = z
  .object({
    chunk_id: z.string().openapi({ description: 'ULID of the chunk.' }),
    document_ref: z.string().openapi({
      description:
        '`<kind>:<source id>` and, for a part of the source, `#<anchor>` (a guide step, a heading).',
      example: 'guide:01jd2m7r3x8k9q4w5e6t7y8v9a#step-3',
    }),
    text: z.string(),
    audience: AudienceEnum,
    score: z.number().openapi({
      description:
        'Reciprocal Rank Fusion of the full-text and vector ranks: sum of 1 / (60 + rank); higher is better.',
    }),
    similarity: z.number().openapi({
      description: "Cosine of the query's and the chunk's vectors (-1..1); 0 when either has none.",
    }),
    source: z.object({
      kind: z.enum(['guide', 'article', 'page', 'upload']),
      id: z.string(),
      title: z.string(),
      url: z.string().nullable(),
    }),
  })
  .openapi('RetrievalChunk');

const QueryRequest = strictObject({
  query: z.string().trim().min(2).max(500).openapi({ description: '2..500 characters after trimming.' }),
  top_k: z.number().int().min(1).max(25).default(8).openapi({ description: '1..25, default 8.' }),
  filters: strictObject({
    audiences: z.array(AudienceEnum).min(1).max(3).optional().openapi({
      description:
        'Default public and customers. internal needs retrieval:internal; an audience the key may not see is dropped (narrowed), never an error.',
    }),
  }).optional(),
}).openapi('RetrievalQueryRequest');

export const queryRetrieval = createRoute({
  operationId: 'queryRetrieval',
  method: 'post',
  path: '/api/v1/retrieval/query',
  tags: ['Retrieval'],
  summary: 'Search the knowledge (hybrid: full-text and vectors, rank-fused)',
  description:
    'Chunks of published guides, articles, pages and uploads, best first. Audiences: public and customers by ' +
    'default; internal chunks need the ability retrieval:internal and are absent without it. Requested audiences ' +
    'the key may not see are dropped; meta.audiences lists those applied (empty: nothing searched, data empty). ' +
    'Ability `retrieval:query`.',
  security: API_KEY,
  request: {
    headers: idempotencyHeaders(),
    body: jsonBody(QueryRequest, { query: 'how do I reset my password', top_k: 3 }),
  },
  responses: {
    200: {
      description: 'The best chunks and the audiences applied.',
      content: json(
        z.object({ data: z.array(RetrievalChunk), meta: z.object({ audiences: z.array(AudienceEnum) }) }),
        {
          data: [
            {
              chunk_id: EXAMPLE_ID.chunkId,
              document_ref: `article:${EXAMPLE_ID.articleId}#s1`,
              text: 'Forgot your password? You can set a new one in a minute. Open the sign-in page and choose Forgot password.',
              audience: 'public',
              score: 0.0328,
              similarity: 0.81,
              source: {
                kind: 'article',
                id: EXAMPLE_ID.articleId,
                title: 'Reset your password',
                url: articleUrl(EXAMPLE_DEMO.articleSlug),
              },
            },
          ],
          meta: { audiences: ['public', 'customers'] },
        },
      ),
    },
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});
