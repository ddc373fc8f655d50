import type { Evaluator } from './evaluator';
import { readLauncher } from './read-content';

/**
 * Launchers (spec widget.md section 3): delivered until the person's first activation, whatever the
 * version (any seen marker of the experience by this person stops it; only activations post markers).
 */
export const launcher: Evaluator = {
  allowed: (e, person) => !person.seen.has(e.id) && readLauncher(e.content) !== null,
  deliver(e, _person, draft, pending) {
    const view = readLauncher(e.content);
    if (pending || !view) return;
    draft.launchers.push({ experience_id: e.id, version_id: e.versionId, ...view });
  },
};
