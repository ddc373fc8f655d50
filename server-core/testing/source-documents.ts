import type { SourceDocument } from '../retrieval/types';

/** A public article source of `n` sections (`s0`, `s1`, …), for indexing tests. */
export const sectionedArticle = (id: string, n: number): SourceDocument => ({
  kind: 'article',
  id,
  title: `Article ${id}`,
  url: `/articles/${id}`,
  audience: 'public',
  sections: Array.from({ length: n }, (_, i) => ({
    anchor: `s${i}`,
    heading: `Part ${i}`,
    text: `Text ${i}`,
  })),
});
