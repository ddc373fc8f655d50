import { createRoute, z } from '@hono/zod-openapi';
import type { ArticleVote } from '../../server-core/widget/article-feedback';
import { FEEDBACK_PER_MINUTE } from '../../server-core/widget/article-feedback';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_TIME } from './examples';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/** "Was this helpful?" under an article in the widget. */

const FeedbackRequest = strictObject({
  helpful: z.boolean().openapi({ description: 'true for Yes, false for No.' }),
}).openapi('WidgetArticleFeedbackRequest');

const Vote = z
  .object({
    article_id: Ulid,
    helpful: z.boolean(),
    submitted_at: DateTime.openapi({ description: 'When this vote was first given or last changed.' }),
  })
  .openapi('WidgetArticleVote');

export function voteJson(vote: ArticleVote) {
  return { ...vote, submitted_at: vote.submitted_at.toISOString() };
}

export const widgetArticleFeedback = createRoute({
  operationId: 'widgetArticleFeedback',
  method: 'post',
  path: '/widget/articles/{articleId}/feedback',
  tags: [WIDGET_TAG],
  summary: 'Was this article helpful? One vote per visitor and article, changeable',
  description:
    'A new or changed vote emits the webhook event article.feedback_submitted (article_id, contact_id: the ' +
    "visitor's verified contact or null, helpful, submitted_at); sending the same vote again changes nothing. " +
    `404 for an article the visitor may not read; 429 rate_limited above ${FEEDBACK_PER_MINUTE} votes a minute per visitor.`,
  security: VISITOR_TOKEN,
  request: {
    params: z.object({ articleId: ulidParam('articleId') }),
    body: jsonBody(FeedbackRequest, { helpful: true }),
  },
  responses: {
    200: {
      description: 'The vote as it stands.',
      content: json(z.object({ data: Vote }), {
        data: { article_id: EXAMPLE_ID.articleId, helpful: true, submitted_at: EXAMPLE_TIME },
      }),
    },
    ...errorResponses(401, 404, 415, 422, 429),
  },
});
