import { createRoute, z } from '@hono/zod-openapi';
import type { HelpArticle } from '../../server-core/widget/help-articles';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, Ulid } from './common';
import { EXAMPLE_DEMO, EXAMPLE_ID, EXAMPLE_TIME } from './examples';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/** The widget's Help tab: search and read published help-center articles. */

const AUDIENCE_NOTE =
  'An anonymous visitor sees public articles; a verified visitor (user.set under the current identity secret) ' +
  'also authenticated ones; internal articles never. Only published articles.';

const Hit = z
  .object({ id: Ulid, slug: z.string(), title: z.string(), excerpt: z.string() })
  .openapi('WidgetHelpHit');

const Article = z
  .object({
    id: Ulid,
    slug: z.string(),
    title: z.string(),
    body: z.string().openapi({ description: 'Markdown, as written.' }),
    body_html: z.string().openapi({
      description:
        'The body rendered for display under the title: CommonMark with GFM tables and strikethrough, raw HTML ' +
        'shown as text, headings from h3 down, then sanitised to an allowlist (p, br, hr, h1-h6, strong, em, s, ' +
        'code, pre, blockquote, ul, ol[start], li, a[href title target rel], img[src alt title loading ' +
        'referrerpolicy], table, thead, tbody, tr, th/td[class=align-left|center|right]). Links are http(s), ' +
        'mailto or relative and open in a new tab with rel="noopener noreferrer"; images are absolute http(s) ' +
        'only (others become their alt text). No style attributes, event handlers, scripts or frames.',
      example: '<p>Open <strong>Settings</strong> and choose <em>Reset</em>.</p>',
    }),
    updated_at: DateTime,
  })
  .openapi('WidgetHelpArticle');

/** The article with its body rendered by `renderHtml` (the services' cached articleHtml). */
export function helpArticleJson(article: HelpArticle, renderHtml: (markdown: string) => string) {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    body: article.body,
    body_html: renderHtml(article.body),
    updated_at: article.updated_at.toISOString(),
  };
}

export const widgetSearchHelp = createRoute({
  operationId: 'widgetSearchHelp',
  method: 'get',
  path: '/widget/help/search',
  tags: [WIDGET_TAG],
  summary: "The Help tab's search over published articles",
  description: `Full-text search (every word matched as a prefix) fused by Reciprocal Rank Fusion with the hybrid retrieval over article chunks (paraphrases), keeping retrieved articles only when close to the query and standing out from the rest, then dropping fused results far below the best (an article both searches found outranks ones only one found); best first, at most 10, possibly none. Without q: the articles in help-center order. Limited per client address and website (WIDGET_SEARCHES_PER_MINUTE, 120 a minute by default): 429 rate_limited with Retry-After. ${AUDIENCE_NOTE}`,
  security: VISITOR_TOKEN,
  request: {
    query: strictObject({
      q: z
        .string()
        .max(200)
        .optional()
        .openapi({ description: 'Search words (at most 200 characters).', param: { example: 'password' } }),
    }),
  },
  responses: {
    200: {
      description: 'Matching articles.',
      content: json(
        z.object({
          data: z.array(Hit),
          meta: z.object({
            access_levels: z
              .array(z.enum(['public', 'authenticated']))
              .openapi({ description: 'The article access levels applied for this visitor.' }),
          }),
        }),
        {
          data: [
            {
              id: EXAMPLE_ID.articleId,
              slug: EXAMPLE_DEMO.articleSlug,
              title: 'Reset your password',
              excerpt: 'Forgot your password? You can set a new one in a minute.',
            },
          ],
          meta: { access_levels: ['public'] },
        },
      ),
    },
    ...errorResponses(401, 422, 429),
  },
});

export const widgetGetArticle = createRoute({
  operationId: 'widgetGetArticle',
  method: 'get',
  path: '/widget/help/articles/{slug}',
  tags: [WIDGET_TAG],
  summary: 'Open a published article in the widget',
  description: `404 for unknown, unpublished, internal and (for anonymous visitors) authenticated articles. ${AUDIENCE_NOTE}`,
  security: VISITOR_TOKEN,
  request: {
    params: z.object({
      slug: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: 'slug', in: 'path', example: EXAMPLE_DEMO.articleSlug } }),
    }),
  },
  responses: {
    200: {
      description: 'The article.',
      content: json(z.object({ data: Article }), {
        data: {
          id: EXAMPLE_ID.articleId,
          slug: EXAMPLE_DEMO.articleSlug,
          title: 'Reset your password',
          body: 'Forgot your password? You can set a new one in a minute.\n\n1. Open the sign-in page and choose **Forgot password**.',
          body_html:
            '<p>Forgot your password? You can set a new one in a minute.</p>\n<ol>\n<li>Open the sign-in page and choose <strong>Forgot password</strong>.</li>\n</ol>\n',
          updated_at: EXAMPLE_TIME,
        },
      }),
    },
    ...errorResponses(401, 404),
  },
});
