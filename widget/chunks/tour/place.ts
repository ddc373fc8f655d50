import { anchor as place, type Side } from '../../ui/position';
import { arrowAt, uncover } from './logic';

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
 * Keeps the step beside its target (widget/ui/position.ts, shared with the launchers), 12 px away, with
 * the arrow straddling the edge facing the target, under its centre. onLost runs when the target leaves
 * the page, fail on an error. Returns the cleanup.
 */
export function anchor(
  target: Element,
  step: HTMLElement,
  arrow: HTMLElement,
  placement: Side,
  onLost: () => void,
  fail: (err: unknown) => void,
): () => void {
  return place(target, step, {
    placement,
    gap: GAP,
    onLost,
    fail,
    placed(side, x, y, r) {
      const across = side === 'top' || side === 'bottom';
      const at = across
        ? arrowAt(r.left + r.width / 2, x, step.offsetWidth)
        : arrowAt(r.top + r.height / 2, y, step.offsetHeight);
      arrow.style.cssText = `${OPPOSITE[side]}:-6px;${across ? 'left' : 'top'}:${at}px`;
    },
  });
}
