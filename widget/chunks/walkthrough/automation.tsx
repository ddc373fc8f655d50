import { render } from 'preact';
import { describeError } from '../../core/transport';
import { AUTOMATION_KEY } from '../../core/walkthrough-types';
import { fill as text } from '../../ui/messages';
import { pageFacts } from './facts';
import { fill, setterOf } from './fill';
import type { WalkthroughHost } from './host';
import { WAIT_MS, waitLocate } from './locate';
import {
  type Action,
  actionOf,
  afterRecord,
  type CloseReason,
  type CloseState,
  cardText,
  pageUrl,
  plan,
} from './logic';
import { mount, outline } from './mount';
import type { Handle } from './player';
import { drop, type RunState, save } from './session';

/**
 * The automation runner (docs/decisions/walkthroughs.md#the-automation-runner). For each enabled step of
 * the guide: locate its element with the walkthrough's locator (ambiguous or missing aborts the run), record
 * the step with the service BEFORE acting (a 403 refusal aborts it as refused), then act: click, fill a
 * pre-fill value (native setter, input and change events; never a masked step or a password field), or
 * wait for the person (Continue) without reading what they type; a navigate step waits for the URL to
 * change. The panel "Automation: <title>" says where it is (role=status) and has Stop. State, pre-fill
 * included, is in sessionStorage only; a full load resumes it, a body swap aborts it. Never throws into
 * the page: acting on the element is guarded.
 */
export function automate(host: WalkthroughHost, state: RunState): Handle {
  const { warn } = host;
  const t = host.cat.t;
  const steps = state.guide.steps;
  const { el, root } = mount('automation', host);
  let cleanups: (() => void)[] = [];
  let ended = false;

  const persist = () => save(AUTOMATION_KEY, state);

  function clear() {
    for (const c of cleanups) c();
    cleanups = [];
  }

  function finish() {
    if (ended) return;
    ended = true;
    try {
      clear();
      render(null, root);
    } catch {
      // the element goes whatever a cleanup did
    }
    offSwap();
    el.remove();
    drop(AUTOMATION_KEY);
  }

  /** Closes the run with the service (a closed run's 409 is nothing to report) and removes the panel. */
  function close(s: CloseState, reason: CloseReason) {
    if (ended) return;
    finish();
    void host.call('PATCH', `widget/automation-runs/${state.runId}`, { state: s, reason }).then((r) => {
      if (r.status !== 200 && r.status !== 409)
        warn(`the automation run could not be closed (${describeError(r)})`);
    });
  }

  const fail = (err: unknown) => {
    warn('the automation stopped on an error', err);
    close('failed', 'error');
  };
  const guard =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...args: A) => {
      try {
        fn(...args);
      } catch (err) {
        fail(err);
      }
    };

  function panel(status: string, waiting: (() => void) | null, target?: HTMLElement) {
    const shown = steps.filter((s) => s.walkthrough.enabled);
    const n = shown.indexOf(steps[state.index]!) + 1;
    render(
      <>
        {target && <div class="hl" />}
        <section
          class="c u"
          lang={host.cat.lang}
          aria-label={text(t.autoTitle, { title: state.guide.title })}
        >
          <p class="n">{text(t.tourStep, { n: Math.max(n, 1), total: shown.length })}</p>
          <p role="status">{status}</p>
          <div class="f">
            {waiting && (
              <button type="button" class="p" onClick={guard(waiting)}>
                {t.autoContinue}
              </button>
            )}
            <button type="button" onClick={() => close('aborted', 'stopped')}>
              {t.autoStop}
            </button>
          </div>
        </section>
      </>,
      root,
    );
    if (target) {
      const box = root.querySelector<HTMLElement>('.hl')!;
      const place = () => outline(box, target.getBoundingClientRect());
      place();
      addEventListener('scroll', place, true);
      cleanups.push(() => removeEventListener('scroll', place, true));
    }
  }

  /** Records the step before acting; false when the run ended (refused, closed or failed). */
  async function record(action: Action): Promise<boolean> {
    if (state.recorded) return true;
    const step = steps[state.index]!;
    const r = await host.call('POST', `widget/automation-runs/${state.runId}/steps`, {
      step_id: step.id,
      action,
      url: pageUrl(location),
      page: pageFacts(),
    });
    if (ended) return false;
    const verdict = afterRecord(r.status);
    if (!verdict) {
      state.recorded = true;
      persist();
      return true;
    }
    warn(`the automation stopped: the step was not accepted (${describeError(r)})`);
    if (verdict === 'closed') finish();
    else close(verdict.state, verdict.reason);
    return false;
  }

  /** Moves to step i (disabled and unknown types skipped); past the last one the run is completed. */
  const go = guard((i: number) => {
    if (ended) return;
    clear();
    while (i < steps.length && (!steps[i]!.walkthrough.enabled || !actionOf(steps[i]!.type))) i++;
    if (i >= steps.length) return close('completed', null);
    if (i !== state.index) Object.assign(state, { index: i, from: location.href, recorded: false });
    persist();
    run().catch(fail);
  });

  /** Done with this step: the state moves on first (a click that loads a page resumes at the next step). */
  const advance = () => {
    const i = state.index + 1;
    Object.assign(state, { index: i, from: location.href, recorded: false });
    persist();
    return i;
  };

  async function run() {
    const step = steps[state.index]!;
    const action = actionOf(step.type)!;
    const what = cardText(step);
    if (action === 'navigate') {
      if (!(await record(action))) return;
      if (location.href !== state.from) return go(advance());
      const moved = guard(() => go(advance()));
      panel(t.autoPage, moved);
      cleanups.push(host.events.on('route', (href) => href !== state.from && moved()));
      return;
    }
    panel(text(t.autoFinding, { text: what }), null);
    cleanups.push(
      waitLocate(
        step.element,
        WAIT_MS,
        guard((r) => {
          if (r.kind !== 'found')
            return close('aborted', r.kind === 'ambiguous' ? 'ambiguous_element' : 'missing_element');
          void act(action, r.el, what).catch(fail);
        }),
      ),
    );
  }

  async function act(action: Action, target: HTMLElement, what: string) {
    if (!(await record(action)) || ended) return;
    const step = steps[state.index]!;
    const password = target instanceof HTMLInputElement && target.type === 'password';
    const how = plan(step, action, state.prefill, password);
    if (how.do === 'wait' || (how.do === 'fill' && !setterOf(target))) {
      panel(text(t.autoYourTurn, { text: what }), () => go(advance()), target);
      return;
    }
    panel(text(t.autoDoing, { text: what }), null, target);
    const i = advance();
    // A click that starts loading another document (the Navigation API says so, where there is one): the run
    // resumes on the new page, so the next step is not looked for on this one meanwhile (10 s, in case the
    // load is cancelled). Otherwise the next step follows shortly.
    let leaving = false;
    const nav = (window as { navigation?: EventTarget }).navigation;
    const onNavigate = (e: Event) => {
      if ((e as Event & { destination?: { sameDocument?: boolean } }).destination?.sameDocument === false)
        leaving = true;
    };
    nav?.addEventListener('navigate', onNavigate);
    try {
      if (how.do === 'click') target.click();
      else fill(target, how.value);
    } catch (err) {
      // The page's own handler threw: reported, never thrown back into the page.
      warn('the page failed on an automated step', err);
    } finally {
      nav?.removeEventListener('navigate', onNavigate);
    }
    const timer = setTimeout(() => go(i), leaving ? 10_000 : 150);
    cleanups.push(() => clearTimeout(timer));
  }

  const offSwap = host.events.on('restored', () => close('aborted', 'navigation'));
  go(state.index);
  return { stop: () => close('aborted', 'stopped') };
}
