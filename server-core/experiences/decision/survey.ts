import type { Evaluator } from './evaluator';
import { frequencyAllows, NO_HISTORY } from './frequency';
import { readSurvey } from './read-content';

/**
 * Surveys compete for the intrusive slot like tours, carrying their questions: the frequency grammar
 * (`once` never again after any attempt; `limited` per its counts), never again once completed (even
 * `unlimited`), and never while the person has an active session of it.
 */
export const survey: Evaluator = {
  allowed(e, person, now) {
    const history = person.history.get(e.id) ?? NO_HISTORY;
    return (
      readSurvey(e.content) !== null &&
      history.active === null &&
      !history.completed &&
      frequencyAllows(e.frequency ?? { kind: 'once' }, history, now)
    );
  },
  deliver(e, _person, draft, pending) {
    const view = readSurvey(e.content);
    if (!view) return;
    draft.autoStart.push({
      type: 'survey',
      experience_id: e.id,
      version_id: e.versionId,
      triggers: e.triggers,
      priority: e.priority,
      pending,
      survey: view,
    });
  },
};
