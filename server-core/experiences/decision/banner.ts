import type { Evaluator } from './evaluator';
import { readBanner } from './read-content';

/**
 * Banners: never once dismissed by the person (any version); a `once` banner (the default) never after
 * the person's first render of it; `unlimited` on every page view until dismissed.
 */
export const banner: Evaluator = {
  allowed(e, person) {
    const seen = person.seen.get(e.id);
    if (readBanner(e.content) === null || seen?.dismissed) return false;
    return !seen || e.frequency?.kind === 'unlimited';
  },
  deliver(e, _person, draft, pending) {
    const view = readBanner(e.content);
    if (pending || !view) return;
    draft.banners.push({ experience_id: e.id, version_id: e.versionId, ...view });
  },
};
