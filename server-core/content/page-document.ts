import type { Audience, SourceDocument } from '../retrieval/types';
import { htmlSections } from './html-sections';

/** A crawled page as the index takes it: HTML split at h1-h3, its own URL as the address. */
export function pageDocument(p: {
  id: string;
  url: string;
  title: string;
  html: string;
  audience: Audience;
}): SourceDocument {
  return {
    kind: 'page',
    id: p.id,
    title: p.title,
    url: p.url,
    audience: p.audience,
    sections: htmlSections(p.html),
  };
}
