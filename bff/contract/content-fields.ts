import { z } from '@hono/zod-openapi';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../server-core/content/slug';

/** Field schemas the content resources (guides, articles, pages, uploads) share. */

export const str = (max: number) => z.string().max(max);
export const nullableStr = (max: number) => z.string().max(max).nullable();

export const ContentStatus = z.enum(['draft', 'published', 'archived']).openapi({
  description:
    'draft until published; unpublishing returns to draft. archived is not set by these operations.',
});

export const AudienceSchema = z.enum(['public', 'customers', 'internal']);

export const Slug = z.string().max(MAX_SLUG_LENGTH).regex(SLUG_PATTERN).openapi({
  description: 'Lower-case letters and digits in dash-separated words.',
  example: 'reset-your-password',
});

export const CONTENT_TAG = 'Portal: content';
export const CONTENT_PERMISSION = 'Permission `content.manage`.';
