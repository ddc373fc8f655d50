import type { Intrusive } from './experiences';
import type { Runtime } from './runtime';
import { warn } from './warn';

/** Runs a survey card on the page: the entry loads the survey chunk (widget/chunks/survey) and calls it. */
export type SurveyRunner = (rt: Runtime, survey: Intrusive) => Promise<unknown>;

/**
 * What the engine calls when a survey or a popup announcement wins the page view's slot
 * (docs/decisions/experiences.md, Part 2): a popup opens the panel on its entry's detail (opening it
 * counts as reading it: the panel posts the seen record); a survey loads its chunk, which opens the
 * session as the card appears. Nothing else: the rendering lives in the chunks.
 */
export const showIntrusive =
  (rt: Runtime, runSurvey: SurveyRunner) =>
  (a: Intrusive): void => {
    const ui = rt.ui.get();
    if (a.type === 'announcement')
      rt.ui.set({
        open: true,
        kb: false,
        tab: 'help',
        article: null,
        news: a.experience_id,
        help: ui.help + 1,
      });
    else if (a.survey) runSurvey(rt, a).catch((err) => warn('the survey failed to load', err));
  };
