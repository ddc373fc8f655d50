import { pickLanguage } from '../core/language';
import { startWidget } from '../core/start';
import { warn } from '../core/warn';
import { mountLauncher } from './launcher';
import { loadCatalog } from './messages';
import { surfaces } from './surfaces';

/**
 * The widget entry, loaded by l.js as a module. It never throws into the host page. The tour chunk
 * (widget/chunks/tour) is loaded the first time the experience engine plays a tour, never before: a
 * page that shows no tour does not fetch it.
 */
try {
  startWidget(window, {
    mount: mountLauncher,
    surfaces,
    async runTour(rt, tour, options) {
      const [{ runTour }, cat] = await Promise.all([
        import('../chunks/tour'),
        loadCatalog(pickLanguage(rt.config.widget_settings.language, navigator.languages)),
      ]);
      return runTour({ warn, events: rt.events, cat, theme: rt.config.widget_settings.theme }, tour, options);
    },
    // The survey chunk: only when a survey wins the page view's slot.
    async runSurvey(rt, survey) {
      const [{ runSurvey }, cat] = await Promise.all([
        import('../chunks/survey'),
        loadCatalog(pickLanguage(rt.config.widget_settings.language, navigator.languages)),
      ]);
      runSurvey(rt, cat, survey);
    },
    // The proactive chunk: trigger messages and campaigns in the bubble above the launcher.
    async proactive(rt, pageEvents, identified) {
      const [{ startProactive }, cat] = await Promise.all([
        import('../chunks/proactive'),
        loadCatalog(pickLanguage(rt.config.widget_settings.language, navigator.languages)),
      ]);
      startProactive({
        host: { warn, cat, theme: rt.config.widget_settings.theme },
        rt,
        pageEvents,
        identified,
      });
    },
    // The preview chunk: the Preview marker, only while this tab previews a draft (a preview link).
    preview: (rt) => import('../chunks/preview').then((m) => m.showPreview(rt)),
    // The walkthrough chunk (walkthroughs and automation runs): on a call, a deep link, or state to resume.
    async walkthrough(rt, job) {
      const [{ runWalkthrough }, cat] = await Promise.all([
        import('../chunks/walkthrough'),
        loadCatalog(pickLanguage(rt.config.widget_settings.language, navigator.languages)),
      ]);
      await runWalkthrough(
        { warn, events: rt.events, call: rt.call, cat, theme: rt.config.widget_settings.theme },
        job,
      );
    },
  });
} catch (err) {
  warn('the widget failed to start', err);
}
