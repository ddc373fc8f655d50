import { createRoute, z } from '@hono/zod-openapi';
import { articleUrl } from '../../server-core/content/article';
import { errorResponses } from '../openapi/schemas';
import { json } from './common';
import { EXAMPLE_DEMO, EXAMPLE_HELP_CENTER, EXAMPLE_ID } from './examples';
import { strictObject } from './strict-input';

/** The public help center's search, served on the workspace's own help-center host. */

/** Searches per minute from one address on one help-center host. */
export const HELP_CENTER_RATE_PER_MINUTE = 120;

const Result = z
  .object({
    title: z.string(),
    url: z.string().nullable().openapi({ description: 'Where the reader opens the source.' }),
    snippet: z
      .string()
      .openapi({ description: 'The best-matching passage, plain text, at most ~240 characters.' }),
    document_ref: z
      .string()
      .openapi({ description: 'The best chunk: `<kind>:<id>` and `#<anchor>` for a part.' }),
    source: z.object({ kind: z.enum(['guide', 'article', 'page', 'upload']), id: z.string() }),
    score: z.number().openapi({ description: 'The fused rank score of the best chunk.' }),
  })
  .openapi('HelpCenterSearchResult');

export const helpCenterSearch = createRoute({
  operationId: 'helpCenterSearch',
  method: 'get',
  path: '/api/v1/help-center/search',
  tags: ['Help center'],
  summary: "Search a workspace's public help center",
  description:
    'Served only on configured help-center hosts (`npm run ops -- help-center-host add <workspaceId> <host>`); ' +
    'the workspace comes from the Host header alone, never from a token, a workspace id or a widget key, and ' +
    'any other host answers 404. No authentication; public audience only; one result per source (its best ' +
    `passage), best first, at most 10. At most ${HELP_CENTER_RATE_PER_MINUTE} searches per minute per address ` +
    'and host (429 with Retry-After).',
  servers: [
    {
      url: EXAMPLE_HELP_CENTER,
      description: "a help-center host of the workspace (the demo workspace's is help.localhost)",
    },
  ],
  request: {
    query: strictObject({
      q: z
        .string()
        .trim()
        .min(2)
        .max(500)
        .openapi({ description: '2..500 characters after trimming.', param: { example: 'reset password' } }),
    }),
  },
  responses: {
    200: {
      description: 'The public sources that answer the query.',
      content: json(z.object({ data: z.array(Result) }), {
        data: [
          {
            title: 'Reset your password',
            url: articleUrl(EXAMPLE_DEMO.articleSlug),
            snippet:
              'Forgot your password? You can set a new one in a minute. Open the sign-in page and choose Forgot password.',
            document_ref: `article:${EXAMPLE_ID.articleId}#s1`,
            source: { kind: 'article', id: EXAMPLE_ID.articleId },
            score: 0.0328,
          },
        ],
      }),
    },
    ...errorResponses(404, 422, 429),
  },
});
