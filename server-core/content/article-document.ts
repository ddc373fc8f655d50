import type { SourceDocument } from '../retrieval/types';
import { type Article, articleUrl } from './article';
import { articleAudience } from './audience';
import { markdownSections } from './markdown-sections';

/** An article as the index takes it: one section per heading (h1-h3), anchors the headings' slugs. */
export function articleDocument(
  a: Pick<Article, 'id' | 'title' | 'slug' | 'body' | 'access_level'>,
): SourceDocument {
  return {
    kind: 'article',
    id: a.id,
    title: a.title,
    url: articleUrl(a.slug),
    audience: articleAudience(a.access_level),
    sections: markdownSections(a.body),
  };
}
