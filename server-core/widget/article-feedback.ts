import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { emitEvent } from '../outbox/emit-event';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { accessLevelsFor } from './help-articles';
import { storeVisitor, type Visitor } from './visitors';

/** Votes a visitor may send a minute, over all articles (a vote is one click; more is a script). */
export const FEEDBACK_PER_MINUTE = 20;

export interface ArticleVote {
  article_id: string;
  helpful: boolean;
  submitted_at: Date;
}

/**
 * "Was this helpful?" in the widget: one vote per visitor and article, changeable. A new or changed
 * vote emits article.feedback_submitted (ids, the flag and the time: never free text); the same vote
 * again changes nothing and emits nothing. The article must be one the visitor may read (else 404).
 */
export async function submitArticleFeedback(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { articleId: string; helpful: boolean },
): Promise<ArticleVote> {
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `visitor-feedback:${visitor.id}`,
      rule: { limit: FEEDBACK_PER_MINUTE, windowMs: 60_000 },
    },
  ]);
  if (!decision.allowed) {
    throw rateLimited(decision, `At most ${FEEDBACK_PER_MINUTE} article votes a minute per visitor.`);
  }
  const levels = accessLevelsFor(visitor.contactId ? 'verified' : 'anonymous');
  const [article] = await ctx.db.query<{ id: string }>(
    `select id from articles
     where workspace_id = $1 and id = $2 and status = 'published' and access_level = any($3::text[])`,
    [ctx.workspaceId, input.articleId, levels],
  );
  if (!article) throw notFound('article');

  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    // A vote is the visitor's first write when it comes before any other (anonymous boots store nothing).
    await storeVisitor({ ...ctx, db }, visitor);
    const [changed] = await db.query<{ helpful: boolean; updated_at: Date }>(
      `insert into article_feedback (workspace_id, article_id, visitor_id, contact_id, helpful, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6)
       on conflict (workspace_id, article_id, visitor_id) do update
         set helpful = excluded.helpful, contact_id = excluded.contact_id, updated_at = excluded.updated_at
         where article_feedback.helpful <> excluded.helpful
       returning helpful, updated_at`,
      [ctx.workspaceId, article.id, visitor.id, visitor.contactId, input.helpful, now],
    );
    if (!changed) {
      const [kept] = await db.query<{ helpful: boolean; updated_at: Date }>(
        `select helpful, updated_at from article_feedback
         where workspace_id = $1 and article_id = $2 and visitor_id = $3`,
        [ctx.workspaceId, article.id, visitor.id],
      );
      return { article_id: article.id, helpful: kept!.helpful, submitted_at: kept!.updated_at };
    }
    await emitEvent({ ...ctx, db }, 'article.feedback_submitted', {
      article_id: article.id,
      contact_id: visitor.contactId,
      helpful: changed.helpful,
      submitted_at: changed.updated_at.toISOString(),
    });
    return { article_id: article.id, helpful: changed.helpful, submitted_at: changed.updated_at };
  });
}
