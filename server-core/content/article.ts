import type { AccessLevel } from './audience';

export type ContentStatus = 'draft' | 'published' | 'archived';

/** A help-center article row (spec section 2, Article). */
export interface Article {
  id: string;
  title: string;
  slug: string;
  collection_id: string | null;
  body: string;
  access_level: AccessLevel;
  status: ContentStatus;
  position: number;
  source_guide_id: string | null;
  diverged_from_guide: boolean;
  body_edited_since_generation: boolean;
  author_id: string | null;
  approved_by: string | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const ARTICLE_COLUMNS =
  'id, title, slug, collection_id, body, access_level, status, position, source_guide_id, diverged_from_guide, ' +
  'body_edited_since_generation, author_id, approved_by, published_at, created_at, updated_at';

/** Where a reader opens the article on the help center (site-relative). */
export const articleUrl = (slug: string) => `/articles/${slug}`;
