import type { Audience, SourceDocument, SourceSection } from '../retrieval/types';
import { htmlSections } from './html-sections';
import { markdownSections } from './markdown-sections';

export const UPLOAD_MEDIA_TYPES = ['text/plain', 'text/markdown', 'text/html'] as const;
export type UploadMediaType = (typeof UPLOAD_MEDIA_TYPES)[number];

/** An upload's file text as sections: plain text whole, Markdown like articles, HTML like pages. */
export function uploadSections(mediaType: UploadMediaType, text: string): SourceSection[] {
  if (mediaType === 'text/markdown') return markdownSections(text);
  if (mediaType === 'text/html') return htmlSections(text);
  return text.trim() ? [{ anchor: null, heading: null, text }] : [];
}

/** An upload as the index takes it: its sections, no address (the file is not served). */
export function uploadDocument(u: {
  id: string;
  title: string;
  sections: SourceSection[];
  audience: Audience;
}): SourceDocument {
  return { kind: 'upload', id: u.id, title: u.title, url: null, audience: u.audience, sections: u.sections };
}
