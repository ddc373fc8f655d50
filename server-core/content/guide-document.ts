import type { SourceDocument } from '../retrieval/types';
import { guideAudience } from './audience';
import { type Guide, guideUrl } from './guide';

/** A guide as the index takes it: one section per step, anchored `step-<seq>`, text plus alternate text. */
export function guideDocument(
  g: Pick<Guide, 'id' | 'title' | 'description' | 'share_mode' | 'steps'>,
): SourceDocument {
  return {
    kind: 'guide',
    id: g.id,
    title: g.title,
    url: guideUrl(g.id),
    audience: guideAudience(g.share_mode),
    sections: g.steps.map((s) => ({
      anchor: `step-${s.seq}`,
      heading: `Step ${s.seq}`,
      text: [s.text, s.walkthrough.alternate_text].filter((t) => t?.trim()).join('\n'),
    })),
  };
}
