import { computePosition, flip, shift } from '@floating-ui/dom';
import { arrowAt, uncover } from './logic';

/** A target counts once it is in the page and laid out (a display:none menu item is not there yet). */
function find(selector: string): Element | null {
  const el = document.querySelector(selector);
  return el?.getClientRects().length ? el : null;
}

/**
 * Calls found(el) once `selector` matches a laid-out element, at once or when the page adds it (a
 * MutationObserver on the document), or missing() after `ms` without it; an invalid selector is
 * missing at once. Returns the cancel; nothing is left observing after found, missing or cancel.
 */
export function waitForTarget(
  selector: string,
  ms: number,
  found: (el: Element) => void,
  missing: (invalid?: boolean) => void,
): () => void {
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
  const check = () => {
    const el = find(selector);
    if (el) {
      cancel();
      found(el);
    }
    return el;
  };
  try {
    if (check()) return cancel;
  } catch {
    missing(true);
    return cancel;
  }
  observer = new MutationObserver(check);
  observer.observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class', 'style', 'hidden'],
  });
  timer = setTimeout(() => {
    cancel();
    missing();
  }, ms);
  return cancel;
}

type Side = 'top' | 'bottom' | 'left' | 'right';
const GAP = 12;
const OPPOSITE = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const;

const position = (el: Element) => getComputedStyle(el).position;
const scrolls = (el: Element) =>
  el.scrollHeight > el.clientHeight && /auto|scroll/.test(getComputedStyle(el).overflowY);

/**
 * Scrolls the target into view (every scroll container on the way, centred, at once: the step is
 * placed on the final layout), then out from under a sticky or fixed element covering its top edge (a
 * page header): the nearest scroll container of the target holding that element scrolls by the overlap,
 * or the page for a fixed one.
 */
export function reveal(target: Element): void {
  target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  const r = target.getBoundingClientRect();
  let cover = document.elementFromPoint(
    Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1),
    Math.max(r.top, 0) + 1,
  );
  if (!cover || target.contains(cover) || cover.closest('[data-widget-chrome]')) return;
  while (cover && !/fixed|sticky/.test(position(cover))) cover = cover.parentElement;
  if (!cover) return;
  let box = target.parentElement;
  while (box && !(box.contains(cover) && scrolls(box))) box = box.parentElement;
  const dy = uncover(r.top, cover.getBoundingClientRect().bottom);
  (box && position(cover) === 'sticky' ? box : window).scrollBy(0, -dy);
}

/**
 * Keeps the step beside its target: floating-ui computes the placement (a gap, flip to the other side,
 * shift into the viewport) with the fixed strategy, so scroll containers and transformed ancestors of
 * the target are accounted for. It is computed again, at most once per frame, after a scroll anywhere
 * (a capturing listener sees every scroll container), a resize, a size change of the target or the step
 * (ResizeObserver) and a change of the page's elements (MutationObserver: content added above the target
 * moves it). floating-ui's autoUpdate does the same with more machinery, 0.6 KB of the 9 KB budget.
 * Reads come before writes; positions go through the CSSOM (allowed under a CSP without
 * 'unsafe-inline'), and the arrow sits under the target's centre. onLost runs
 * when the target leaves the page, fail on an error. Returns the cleanup.
 */
export function anchor(
  target: Element,
  step: HTMLElement,
  arrow: HTMLElement,
  placement: Side,
  onLost: () => void,
  fail: (err: unknown) => void,
): () => void {
  let live = true;
  // The reference is the target grown by the gap: the step keeps 12 px from it on every side it takes
  // (floating-ui's offset middleware, for 0.2 KB less).
  const around = {
    getBoundingClientRect: () => {
      const r = target.getBoundingClientRect();
      return new DOMRect(r.x - GAP, r.y - GAP, r.width + 2 * GAP, r.height + 2 * GAP);
    },
    contextElement: target,
  };
  const update = () => {
    if (!target.isConnected) return onLost();
    computePosition(around, step, {
      strategy: 'fixed',
      placement,
      middleware: [flip({ padding: 8 }), shift({ padding: 8 })],
    }).then(({ x, y, placement }) => {
      if (!live) return;
      // No alignment is asked for, so the placement is one of the four sides.
      const side = placement as Side;
      // Every read before the first write: one layout per update.
      const r = target.getBoundingClientRect();
      const across = side === 'top' || side === 'bottom';
      const at = across
        ? arrowAt(r.left + r.width / 2, x, step.offsetWidth)
        : arrowAt(r.top + r.height / 2, y, step.offsetHeight);
      step.style.left = `${x}px`;
      step.style.top = `${y}px`;
      // The arrow straddles the edge facing the target, under its centre.
      arrow.style.cssText = `${OPPOSITE[side]}:-6px;${across ? 'left' : 'top'}:${at}px`;
    }, fail);
  };
  let frame = 0;
  const schedule = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      update();
    });
  };
  const resized = new ResizeObserver(schedule);
  const changed = new MutationObserver(schedule);
  resized.observe(target);
  resized.observe(step);
  changed.observe(document.body, { childList: true, subtree: true });
  addEventListener('scroll', schedule, true);
  addEventListener('resize', schedule);
  update();
  return () => {
    live = false;
    cancelAnimationFrame(frame);
    resized.disconnect();
    changed.disconnect();
    removeEventListener('scroll', schedule, true);
    removeEventListener('resize', schedule);
  };
}
