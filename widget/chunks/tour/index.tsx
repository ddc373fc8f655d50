import { render } from 'preact';
import { adoptStyles } from '../../ui/sheet';
import { waitForTarget } from '../../ui/target';
import { themeCss } from '../../ui/theme';
import { startIndex, stepKey, tabHop, waitMs } from './logic';
import { anchor, reveal } from './place';
import { type Act, Step } from './step';
import { TOUR_CSS } from './styles';
import type { TourData, TourEnd, TourFeedback, TourHandle, TourHost, TourOptions, TourStep } from './types';

export type { TourData, TourEnd, TourFeedback, TourHandle, TourHost, TourOptions, TourStep } from './types';

/**
 * The tour's element: fixed, above ordinary page content and below the launcher and its panel. Set
 * through the CSSOM (style.cssText), which a CSP without 'unsafe-inline' allows, unlike a style attribute.
 */
const HOST_STYLE =
  'position:fixed!important;z-index:2147482999!important;left:0!important;top:0!important;width:0!important;' +
  'height:0!important;display:block!important';

/**
 * Runs a tour on the host page: one step at a time, in an open shadow root under a
 * `data-widget-chrome="tour"` element (styles adopted, positions through the CSSOM: nothing a strict
 * CSP refuses). An anchored step waits for its target (wait_ms), scrolls it into view and stays beside
 * it; a step without a target is modal. Focus moves into each step and goes back where it was at the
 * end. Never throws: an error is logged and ends the tour as `interrupted`. The tour chunk's one export;
 * the core loads it with `import('../chunks/tour')` on first use.
 */
export function runTour(host: TourHost, tour: TourData, options: TourOptions = {}): TourHandle {
  const { warn, cat } = host;
  const steps = tour?.steps ?? [];
  const el = document.createElement('div');
  const root = el.attachShadow({ mode: 'open' });
  let off = () => {};
  let cleanups: (() => void)[] = [];
  let ended = false;
  let index = 0;
  let target: HTMLElement | null = null;
  let before = document.activeElement;
  while (before?.shadowRoot?.activeElement) before = before.shadowRoot.activeElement;

  const call = <A extends unknown[], R>(fn: ((...a: A) => R) | undefined, ...args: A) => {
    try {
      return fn?.(...args);
    } catch (err) {
      warn('a tour callback threw', err);
    }
  };
  const fail = (err: unknown) => {
    warn('the tour stopped on an error', err);
    end('interrupted');
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

  function clearStep() {
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
    target = null;
    render(null, root);
  }

  /** The feedback given on the last step: the pressed rating and the comment, if any. */
  function answer(): TourFeedback | undefined {
    const rating = Number(root.querySelector('[aria-pressed=true]')?.textContent);
    const comment = root.querySelector('textarea')?.value.trim();
    return rating ? (comment ? { rating, comment } : { rating }) : undefined;
  }

  function end(reason: TourEnd | null, feedback?: TourFeedback) {
    if (ended) return;
    ended = true;
    const active = document.activeElement;
    const focusWasOurs = !active || active === el || active === document.body;
    try {
      clearStep();
    } catch {
      // ending goes on: the element is removed and onEnd called whatever a cleanup did
    }
    off();
    el.remove();
    if (focusWasOurs && before?.isConnected) (before as HTMLElement).focus?.();
    if (reason) call(options.onEnd, reason, feedback);
  }

  const go = guard((i: number) => {
    if (ended) return;
    // Past the last step: completed (a tour without steps, never published so, has nothing to show).
    if (i >= steps.length) return end(steps.length ? 'completed' : 'target_missing', answer());
    clearStep();
    index = Math.max(0, i);
    const step = steps[index]!;
    // The engine may hold the tour here (the step lives on another page): it ends silently.
    if (call(options.onEnter, step.id, index) === false) return end(null);
    if (!step.target) return show(step, null);
    cleanups.push(
      waitForTarget(
        step.target.selector,
        waitMs(step.wait_ms),
        guard((found) => show(step, found as HTMLElement)),
        (invalid) => {
          if (invalid) warn(`the tour step's selector is not valid: ${step.target?.selector}`);
          end('target_missing');
        },
      ),
    );
  });

  const act: Act = (action) =>
    action === 'next' ? go(index + 1) : action === 'back' ? go(index - 1) : end(action);

  const onKey = guard((e: KeyboardEvent) => {
    const step = steps[index]!;
    const dialog = e.currentTarget as HTMLElement;
    const active = root.activeElement;
    const focusables = [...dialog.querySelectorAll<HTMLElement>('button,textarea')];
    const primary = dialog.querySelector('.p');
    const action = stepKey(e.key, {
      inField: active?.tagName === 'TEXTAREA',
      canBack: index > 0,
      canNext: !!primary && index < steps.length - 1,
    });
    if (action) {
      e.preventDefault();
      e.stopPropagation();
      return act(action);
    }
    if (e.key !== 'Tab') return;
    const hop = tabHop(
      e.shiftKey,
      { first: active === focusables[0] || active === dialog, last: active === focusables.at(-1) },
      { modal: !step.target, target: !!target && step.advance === 'target_click' },
    );
    const next = hop === 'target' ? target : hop === 'first' ? focusables[0] : focusables.at(-1);
    if (!hop || !next) return;
    e.preventDefault();
    next.focus();
  });

  /** A target_click step: using the target advances; it is tabbable for the step's sake meanwhile. */
  function listenTarget(t: HTMLElement): () => void {
    const added = t.tabIndex < 0 && !t.hasAttribute('tabindex');
    if (added) t.setAttribute('tabindex', '0');
    const onClick = () => go(index + 1);
    const onTargetKey = guard((e: KeyboardEvent) => {
      if (e.key === 'Tab' && e.shiftKey) {
        const last = [...root.querySelectorAll<HTMLElement>('.s button,.s textarea')].at(-1);
        if (!last) return;
        e.preventDefault();
        last.focus();
      } else if (added && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        t.click();
      }
    });
    t.addEventListener('click', onClick);
    t.addEventListener('keydown', onTargetKey);
    return () => {
      t.removeEventListener('click', onClick);
      t.removeEventListener('keydown', onTargetKey);
      if (added) t.removeAttribute('tabindex');
    };
  }

  function show(step: TourStep, found: HTMLElement | null) {
    if (ended) return;
    target = found;
    if (found) reveal(found);
    const last = index === steps.length - 1;
    render(
      <Step
        step={step}
        index={index}
        total={steps.length}
        t={cat.t}
        lang={cat.lang}
        question={last && tour.feedback?.enabled ? tour.feedback.question : null}
        act={act}
        onKey={onKey}
      />,
      root,
    );
    const dialog = root.querySelector<HTMLElement>('.s')!;
    if (found) {
      const side = step.placement === 'auto' ? 'bottom' : step.placement;
      const lost = guard(() => go(index));
      cleanups.push(anchor(found, dialog, root.querySelector<HTMLElement>('.ar')!, side, lost, fail));
      if (step.advance === 'target_click') cleanups.push(listenTarget(found));
    }
    (root.querySelector<HTMLElement>('.p') ?? dialog).focus({ preventScroll: true });
    call(options.onStep, step.id, index);
  }

  try {
    el.style.cssText = HOST_STYLE;
    el.setAttribute('data-widget-chrome', 'tour');
    adoptStyles(root, themeCss(host.theme, ':host') + TOUR_CSS);
    (document.body ?? document.documentElement).appendChild(el);
    // A body swap takes the tour away with the old body: it ends, and does not follow to the new one.
    off = host.events.on('restored', () => end('interrupted'));
    go(startIndex(steps, options.startAt));
  } catch (err) {
    fail(err);
  }
  return { stop: () => end(null) };
}
