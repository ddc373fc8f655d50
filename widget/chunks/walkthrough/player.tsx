import { render } from 'preact';
import { describeError } from '../../core/transport';
import { WALKTHROUGH_KEY } from '../../core/walkthrough-types';
import { fill } from '../../ui/messages';
import { anchor } from '../../ui/position';
import type { WalkthroughHost } from './host';
import { type Located, WAIT_MS, waitLocate } from './locate';
import { advanceOn, cardText, hasElement, nextShown, position, shownFrom } from './logic';
import { mount, outline } from './mount';
import { drop, save } from './session';
import type { Guide, GuideStep } from './types';

export interface Handle {
  stop(): void;
}

/**
 * Plays a guide on the page (docs/decisions/walkthroughs.md#the-walkthrough-player): each shown step is
 * located, outlined, and explained by a non-modal card named "Walkthrough: <title>" placed beside it; the
 * person advances by doing the step (click its element; change or Enter in an input or select; a URL
 * change for navigate) or with Next for other types. Back, Next, End walkthrough and Escape on the card.
 * The state is in sessionStorage so a full page load resumes it; a body swap ends it. Values typed on the
 * page are never read. Never throws: an error is one warning and ends it.
 */
export function walk(host: WalkthroughHost, guide: Guide, at: { index: number; from: string }): Handle {
  const { warn } = host;
  const t = host.cat.t;
  const steps = guide.steps;
  const { el, root } = mount('walkthrough', host);
  let cleanups: (() => void)[] = [];
  let ended = false;
  let index = 0;
  let reportWarned = false;
  const reported = new Set<string>();

  const fail = (err: unknown) => {
    warn('the walkthrough stopped on an error', err);
    end();
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

  function clear() {
    for (const c of cleanups) c();
    cleanups = [];
    render(null, root);
  }

  function end() {
    if (ended) return;
    ended = true;
    try {
      clear();
    } catch {
      // the element goes whatever a cleanup did
    }
    offSwap();
    el.remove();
    drop(WALKTHROUGH_KEY);
  }

  /** Drift reports: a miss always, a find only on a step the service counts as drifted; once per step. */
  function report(step: GuideStep, found: boolean) {
    if (reported.has(step.id) || (found && !step.drifted)) return;
    reported.add(step.id);
    void host.call('POST', `widget/guides/${guide.id}/locations`, { step_id: step.id, found }).then((r) => {
      if (r.status >= 300 && !reportWarned) {
        reportWarned = true;
        warn(`the walkthrough could not report a step (${describeError(r)})`);
      }
    });
  }

  const go = guard((i: number, from: string = location.href) => {
    if (ended) return;
    clear();
    if (i >= steps.length || i < 0) return end();
    index = i;
    save(WALKTHROUGH_KEY, { guideId: guide.id, index: i, from, guide });
    const step = steps[i]!;
    const how = advanceOn(step.type);
    const next = () => go(nextShown(steps, i, 1));
    if (how === 'route') {
      // The URL changed already (the previous step's click loaded this page): the step is done.
      if (location.href !== from) return next();
      cleanups.push(host.events.on('route', (href) => href !== from && next()));
    }
    if (!hasElement(step.element)) return show(step, null);
    cleanups.push(
      waitLocate(
        step.element,
        WAIT_MS,
        guard((r: Located) => {
          if (r.kind === 'found') {
            report(step, true);
            return show(step, r.el);
          }
          // An ambiguous element is not a miss: the element may well be there (twice).
          if (r.kind === 'missing') report(step, false);
          showMissing();
        }),
      ),
    );
  });

  const onKey = guard((e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    end();
  });

  /** Advancing by doing the step: listeners on the element (capturing clicks on the document for links). */
  function listen(step: GuideStep, target: HTMLElement) {
    const how = advanceOn(step.type);
    const next = guard(() => {
      // Saved first: a click that loads another page resumes at the next step there. `from` is the URL
      // where the step was done: a navigate step after it advances once the URL differs, even when the
      // page's own click handler changed it already (pushState) by the time go runs.
      const n = nextShown(steps, index, 1);
      const from = location.href;
      if (n < steps.length) save(WALKTHROUGH_KEY, { guideId: guide.id, index: n, from, guide });
      else drop(WALKTHROUGH_KEY);
      setTimeout(() => go(n, from), 0);
    });
    if (how === 'click') {
      const onClick = (e: Event) => target.contains(e.target as Node) && next();
      document.addEventListener('click', onClick, true);
      cleanups.push(() => document.removeEventListener('click', onClick, true));
    } else if (how === 'change') {
      // The value is never read (a masked step's least of all): a change, or Enter, is the step done.
      const onKeyDown = (e: KeyboardEvent) => e.key === 'Enter' && next();
      target.addEventListener('change', next);
      target.addEventListener('keydown', onKeyDown);
      cleanups.push(() => {
        target.removeEventListener('change', next);
        target.removeEventListener('keydown', onKeyDown);
      });
    }
  }

  function show(step: GuideStep, target: HTMLElement | null) {
    if (ended) return;
    const { n, total } = position(steps, index);
    const back = nextShown(steps, index, -1);
    const canNext = advanceOn(step.type) !== 'click' || !target;
    render(
      <>
        {target && <div class="hl" />}
        <div
          class={target ? 'c' : 'c u'}
          role="dialog"
          aria-label={fill(t.walkTitle, { title: guide.title })}
          tabIndex={-1}
          onKeyDown={onKey}
        >
          <p class="n">{fill(t.tourStep, { n, total })}</p>
          <p>{cardText(step)}</p>
          {step.walkthrough.input_placeholder && (
            <p class="ph">{fill(t.walkExample, { text: step.walkthrough.input_placeholder })}</p>
          )}
          <div class="f">
            {back >= 0 && (
              <button type="button" onClick={() => go(back)}>
                {t.tourBack}
              </button>
            )}
            {canNext && (
              <button type="button" class="p" onClick={() => go(nextShown(steps, index, 1))}>
                {t.tourNext}
              </button>
            )}
            <button type="button" onClick={end}>
              {t.walkEnd}
            </button>
          </div>
        </div>
      </>,
      root,
    );
    const card = root.querySelector<HTMLElement>('.c')!;
    if (target) {
      const box = root.querySelector<HTMLElement>('.hl')!;
      target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      cleanups.push(
        anchor(target, card, {
          placement: 'bottom',
          gap: 12,
          onLost: guard(() => go(index)),
          fail,
          placed: (_side, _x, _y, r) => outline(box, r),
        }),
      );
      listen(step, target);
    }
    card.focus({ preventScroll: true });
  }

  function showMissing() {
    if (ended) return;
    const { n, total } = position(steps, index);
    render(
      <div
        class="c u"
        lang={host.cat.lang}
        role="dialog"
        aria-label={fill(t.walkTitle, { title: guide.title })}
        tabIndex={-1}
        onKeyDown={onKey}
      >
        <p class="n">{fill(t.tourStep, { n, total })}</p>
        <p>{t.walkMissing}</p>
        <div class="f">
          <button type="button" class="p" onClick={() => go(index)}>
            {t.walkRetry}
          </button>
          <button type="button" onClick={end}>
            {t.walkEnd}
          </button>
        </div>
      </div>,
      root,
    );
    root.querySelector<HTMLElement>('.p')?.focus({ preventScroll: true });
  }

  // A body swap takes the walkthrough away with the old body: it ends, and does not follow.
  const offSwap = host.events.on('restored', () => end());
  go(shownFrom(steps, at.index), at.from);
  return { stop: end };
}
