import type { SourceDocument, SourceSection } from '../../server-core/retrieval/types';
import type { EvalDocument } from './types';

/** A heading as a URL fragment: `Lost your phone?` -> `lost-your-phone`. */
export function slugify(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Markdown inline markup removed: emphasis markers and link targets; list markers stay as text. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[^*\w])\*([A-Za-z](?:[^*\n]*[A-Za-z.!?'])?)\*(?!\w)/g, '$1$2')
    .trim();
}

/** Splits a Markdown body at `## ` headings: the intro (no heading) first, then one section per heading. */
export function markdownSections(body: string): SourceSection[] {
  const sections: SourceSection[] = [];
  let heading: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    const text = plainText(lines.join('\n'));
    if (text || heading) sections.push({ anchor: heading ? slugify(heading) : null, heading, text });
  };
  for (const line of body.split('\n')) {
    const m = /^##\s+(.+)$/.exec(line);
    if (m) {
      flush();
      heading = m[1]!.trim();
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

/** An evaluation document as the index takes it: a public help-center article. */
export function toSourceDocument(doc: EvalDocument): SourceDocument {
  return {
    kind: 'article',
    id: doc.id,
    title: doc.title,
    url: `/help/${doc.product.toLowerCase()}/${doc.id}`,
    audience: 'public',
    sections: markdownSections(doc.body),
  };
}
