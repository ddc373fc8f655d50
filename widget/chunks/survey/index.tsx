import { render } from 'preact';
import type { Intrusive } from '../../core/experiences';
import type { Runtime } from '../../core/runtime';
import { warn } from '../../core/warn';
import type { Catalog } from '../../ui/messages';
import { adoptStyles } from '../../ui/sheet';
import { themeCss } from '../../ui/theme';
import { Question, type Value } from './question';
import { SURVEY_CSS } from './styles';

/** Fixed, above the page and below the launcher and its panel, set through the CSSOM (CSP-clean), as the tour's. */
const HOST_STYLE =
  'position:fixed!important;z-index:2147482999!important;left:0!important;top:0!important;width:0!important;' +
  'height:0!important;display:block!important';
const CROSS = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
/** How long the thank-you stays before the card closes by itself. */
export const THANKS_MS = 6000;

/**
 * Shows a survey that won the page view's slot (the survey chunk's one export; the entry loads it with
 * import('../chunks/survey') only then). The card is a region named "Survey" in a corner, or a modal
 * dialog (focus kept inside, given back at the end); one question at a time. The session opens as the
 * card appears (the attempt counts whether or not answered); each answer is posted as given; the
 * server's `completed` shows the thank-you, which closes by itself after a moment. Close, Escape, a
 * route change or a body swap take the card away; an unfinished session then ends
 * `dismissed` (the answers posted stay). Returns the close.
 */
export function runSurvey(rt: Runtime, cat: Catalog, a: Intrusive): () => void {
  const { t } = cat;
  const survey = a.survey!;
  const questions = survey.questions;
  const modal = survey.placement === 'modal';
  const base = `widget/experiences/${a.version_id}/sessions`;
  const el = document.createElement('div');
  const root = el.attachShadow({ mode: 'open' });
  let before = document.activeElement;
  while (before?.shadowRoot?.activeElement) before = before.shadowRoot.activeElement;
  let index = 0;
  let state: 'open' | 'busy' | 'done' | 'closed' = 'open';
  let failed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const offs: (() => void)[] = [];
  let session: Promise<string | null> = Promise.resolve(null);

  function close(dismiss: boolean) {
    if (state === 'closed') return;
    const finished = state === 'done';
    const focused = document.activeElement === el;
    state = 'closed';
    clearTimeout(timer);
    for (const off of offs) off();
    render(null, root);
    el.remove();
    const url = location.href;
    if (dismiss && !finished)
      void session.then((id) => {
        if (id) void rt.call('PATCH', `${base}/${id}`, { url, end: 'dismissed' });
      });
    if (focused && before?.isConnected) (before as HTMLElement).focus?.();
  }

  /** The first control of the card's current content (a question's first input; Close at the thank-you). */
  const focusIn = () =>
    (root.querySelector<HTMLElement>('input,textarea') ?? root.querySelector<HTMLElement>('.x'))?.focus({
      preventScroll: true,
    });

  async function answer(value: Value) {
    if (state !== 'open') return;
    state = 'busy';
    const q = questions[index]!;
    const id = await session;
    const r = id
      ? await rt.call<{ data: { completed: boolean } }>('POST', `${base}/${id}/answers`, {
          question_id: q.id,
          value,
        })
      : null;
    if (state !== 'busy') return;
    state = 'open';
    failed = r?.status !== 200 || !r.body;
    if (failed) warn('the survey answer was not recorded');
    else if (r!.body!.data.completed || index === questions.length - 1) {
      state = 'done';
      timer = setTimeout(() => close(false), THANKS_MS);
    } else index++;
    const inside = document.activeElement === el;
    draw();
    if (inside) focusIn();
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      return close(true);
    }
    if (e.key !== 'Tab' || !modal) return;
    // Modal: Tab and Shift+Tab go round the card, from Close (first) to Next or Submit (last).
    const first = root.querySelector<HTMLElement>('.x');
    const last = root.querySelector<HTMLElement>('.p') ?? first;
    const at = root.activeElement;
    const to = e.shiftKey ? at === first && last : at === last && first;
    if (!to) return;
    e.preventDefault();
    to.focus();
  };

  function draw() {
    const q = questions[index];
    render(
      <>
        {modal && <div class="bd" />}
        <div
          class={modal ? 'c m' : 'c'}
          {...(modal ? { role: 'dialog', 'aria-modal': 'true' } : { role: 'region' })}
          {...{ 'aria-label': t.survey }}
          tabIndex={-1}
        >
          <button type="button" class="x" aria-label={t.surveyClose} onClick={() => close(true)}>
            {CROSS}
          </button>
          {state === 'done' || !q ? (
            <p class="ty" role="status">
              {survey.thank_you}
            </p>
          ) : (
            <Question
              key={q.id}
              q={q}
              t={t}
              n={index + 1}
              total={questions.length}
              failed={failed}
              onAnswer={(v) => void answer(v)}
            />
          )}
        </div>
      </>,
      root,
    );
  }

  try {
    el.style.cssText = HOST_STYLE;
    el.setAttribute('data-widget-chrome', 'survey');
    adoptStyles(root, themeCss(rt.config.widget_settings.theme, ':host') + SURVEY_CSS);
    (document.body ?? document.documentElement).appendChild(el);
    root.addEventListener('keydown', (e) => onKey(e as KeyboardEvent));
    draw();
    if (modal) focusIn();
    // The card is on screen: the attempt counts (widgetOpenSession, trigger auto).
    session = rt
      .call<{ data: { id: string } }>('POST', base, { url: location.href, trigger: 'auto' })
      .then((r) => {
        if (r.status <= 201 && r.body) return r.body.data.id;
        warn('the survey could not start');
        close(false);
        return null;
      });
    // A page change does not keep the card: a route change, a body swap (it went with the old body).
    offs.push(
      rt.events.on('route', () => close(true)),
      rt.events.on('restored', () => close(true)),
    );
  } catch (err) {
    warn('the survey stopped on an error', err);
    close(false);
  }
  return () => close(true);
}
