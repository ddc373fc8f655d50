import type { ExperienceType } from '../experience';
import { announcement } from './announcement';
import { banner } from './banner';
import type { Evaluator } from './evaluator';
import { frequencyAllows, NO_HISTORY } from './frequency';
import { launcher } from './launcher';
import { assembleProgram } from './program';
import { survey } from './survey';

export type { DecisionDraft, Evaluator } from './evaluator';

/** Tours compete for the auto-start slot: frequency allows it and no session of it is active. */
const tour: Evaluator = {
  allowed(e, person, now) {
    const history = person.history.get(e.id) ?? NO_HISTORY;
    return history.active === null && frequencyAllows(e.frequency ?? { kind: 'once' }, history, now);
  },
  deliver(e, _person, draft, pending) {
    draft.autoStart.push({
      type: 'tour',
      experience_id: e.id,
      version_id: e.versionId,
      triggers: e.triggers,
      priority: e.priority,
      pending,
    });
  },
};

/** Programs stay while targeted (no frequency), with the person's item states. */
const program: Evaluator = {
  allowed: () => true,
  deliver(e, person, draft, pending) {
    if (pending || !e.program) return;
    draft.programs.push(
      assembleProgram(
        { id: e.id, versionId: e.versionId, name: e.name, content: e.program },
        person.programs.get(e.id) ?? null,
      ),
    );
  },
};

/**
 * Every type the decision delivers (trackers have none: they record events, docs/decisions/experiences.md).
 * Part 2's evaluators live in launcher.ts, banner.ts, announcement.ts and survey.ts.
 */
export const EVALUATORS: Partial<Record<ExperienceType, Evaluator>> = {
  tour,
  program,
  survey,
  launcher,
  banner,
  announcement,
};
