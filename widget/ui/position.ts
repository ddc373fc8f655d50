import { computePosition, detectOverflow, type Middleware, shift } from '@floating-ui/dom';

/**
 * The one copy of the widget's anchored positioning (docs/decisions/experiences.md, Part 2: shared
 * positioning): the tour's steps, the launchers and their tooltips sit beside a page element with it
 * (widget/ui/target.ts waits for the element).
 * Only lazy chunks import it (widget/boundaries.test.ts), so floating-ui never ships in the entry; the
 * bundler puts it in a chunk of its own that the tour and launcher chunks share.
 */

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface AnchorOptions {
  /** The side asked for; flipped to the other side when it does not fit. */
  placement: Side;
  /** The distance kept from the target on every side, in px. */
  gap: number;
  /** The target left the page. */
  onLost: () => void;
  /** floating-ui failed. */
  fail: (err: unknown) => void;
  /** After each placement, with the side taken, the position set and the target's box (the tour's arrow). */
  placed?: (side: Side, x: number, y: number, target: DOMRect) => void;
}

const OTHER = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const;

/**
 * floating-ui's flip for a side without alignment, 0.7 KB gzip less than its flip middleware (which also
 * handles alignments, fallback lists and cross-axis checks): the side asked for when it fits (8 px from
 * the viewport's edges), else the other side, else whichever of the two overflows less.
 */
const flip: Middleware = {
  name: 'flipSide',
  async fn(state) {
    const side = state.placement as Side;
    const over = (await detectOverflow(state, { padding: 8 }))[side];
    const first: number | undefined = state.middlewareData.flipSide?.over;
    if (first === undefined) return over > 0 ? { data: { over }, reset: { placement: OTHER[side] } } : {};
    return over > first ? { reset: { placement: OTHER[side] } } : {};
  },
};

/**
 * Keeps `floating` beside `target`: floating-ui computes the placement (a gap, flip to the other side,
 * shift into the viewport) with the fixed strategy, so scroll containers and transformed ancestors of
 * the target are accounted for. It is computed again, at most once per frame, after a scroll anywhere
 * (a capturing listener sees every scroll container), a resize, a size change of the target or the
 * floating element (ResizeObserver) and a change of the page's elements (MutationObserver: content
 * added above the target moves it). floating-ui's autoUpdate does the same with more machinery, 0.6 KB
 * more. Reads come before writes; positions go through the CSSOM (allowed under a CSP without
 * 'unsafe-inline'). Returns the cleanup.
 */
export function anchor(target: Element, floating: HTMLElement, o: AnchorOptions): () => void {
  let live = true;
  const { gap } = o;
  // The reference is the target grown by the gap (floating-ui's offset middleware, for 0.2 KB less).
  const around = {
    getBoundingClientRect: () => {
      const r = target.getBoundingClientRect();
      return new DOMRect(r.x - gap, r.y - gap, r.width + 2 * gap, r.height + 2 * gap);
    },
    contextElement: target,
  };
  const update = () => {
    if (!target.isConnected) return o.onLost();
    computePosition(around, floating, {
      strategy: 'fixed',
      placement: o.placement,
      middleware: [flip, shift({ padding: 8 })],
    }).then(({ x, y, placement }) => {
      if (!live) return;
      // Every read before the first write: one layout per update.
      const r = target.getBoundingClientRect();
      floating.style.left = `${x}px`;
      floating.style.top = `${y}px`;
      // No alignment is asked for, so the placement is one of the four sides.
      o.placed?.(placement as Side, x, y, r);
    }, o.fail);
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
  resized.observe(floating);
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
