import { DomainError } from '../lib/errors';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from './slug';

/** The longest article body (Markdown) the index takes, in characters. */
export const MAX_ARTICLE_BODY = 200_000;

/**
 * The rules of what an article stores, whoever writes it: a slug the writer chose (the article's own or
 * its collection's) is lower-case dash-separated words of at most 120 characters (it becomes a URL), and
 * the body is at most 200,000 characters (it is split and indexed). 422 validation_failed naming the field.
 */
export function checkArticleInput(input: { slug?: string; collection_slug?: string; body?: string }): void {
  for (const field of ['slug', 'collection_slug'] as const) {
    const slug = input[field];
    if (slug !== undefined && (slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug))) {
      throw new DomainError(
        'validation_failed',
        {
          field,
          rule: 'slug',
          pattern: SLUG_PATTERN.source,
          max: MAX_SLUG_LENGTH,
        },
        `${field} must be lower-case words joined by dashes, at most ${MAX_SLUG_LENGTH} characters.`,
      );
    }
  }
  if (input.body !== undefined && input.body.length > MAX_ARTICLE_BODY) {
    throw new DomainError(
      'validation_failed',
      {
        field: 'body',
        rule: 'max_length',
        max: MAX_ARTICLE_BODY,
      },
      `body has at most ${MAX_ARTICLE_BODY} characters.`,
    );
  }
}
