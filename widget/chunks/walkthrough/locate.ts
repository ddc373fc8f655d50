import { landmarkOf, nameOf, normalName, roleOf } from './a11y';
import type { Box, ElementDescriptor } from './types';

/**
 * The element locator (docs/decisions/walkthroughs.md#the-element-locator): gathers candidates from a
 * step's selectors (most trusted first), its role and accessible name and its tag, scores each one against
 * every signal of the descriptor, and answers `found` only for an unambiguous best: at least FLOOR points
 * and MARGIN ahead of the runner-up, the capture's bounding box breaking a remaining tie. Invisible,
 * inert, aria-hidden and disabled elements are never candidates; a selector that throws is skipped.
 */
export type Located =
  | { kind: 'found'; el: HTMLElement; score: number }
  | { kind: 'ambiguous'; count: number }
  | { kind: 'missing' };

export const FLOOR = 24;
export const MARGIN = 8;
/** The box tie-break picks the nearest only when it is this much nearer (px, summed distances) than the next. */
export const BOX_MARGIN = 32;
/** Points of the selector candidates by rank (the last repeats), halved when a selector matches several. */
const SELECTOR_POINTS = [40, 32, 26, 22, 18];
const W = { role: 10, name: 30, namePart: 12, nameWrong: -15, roleWrong: -10, tag: 6, tagWrong: -20 };
const W_LANDMARK = 6;
const W_ANCESTOR = 6;
const W_SIBLING = 4;
/** An ancestor the capture saw and the element does not have. */
const W_NO_ANCESTOR = -4;
/** At most this many role/name/tag candidates are scored (a page of thousands of buttons stays bounded). */
const POOL = 3000;

/** Visible, laid out, in the document, not inert or aria-hidden, not disabled, not the widget's own. */
export function usable(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  if (el.closest('[inert],[aria-hidden="true"],[data-widget-chrome]')) return false;
  if (el.matches(':disabled') || el.closest('[aria-disabled="true"]')) return false;
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  return el.checkVisibility
    ? el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)
    : getComputedStyle(el).visibility === 'visible';
}

/** querySelectorAll that answers nothing for a selector the browser refuses. */
function all(root: ParentNode, selector: string): Element[] {
  try {
    return [...root.querySelectorAll(selector)];
  } catch {
    return [];
  }
}

function matchesAny(el: Element | null, selectors: string[]): boolean {
  if (!el) return false;
  for (const s of selectors) {
    try {
      if (el.matches(s)) return true;
    } catch {
      // skipped, like a candidate that throws
    }
  }
  return false;
}

const IMPLICIT: Record<string, string> = {
  button: 'button,summary,input[type=button],input[type=submit],input[type=reset],input[type=image]',
  link: 'a[href],area[href]',
  textbox:
    'input:not([type]),input[type=text],input[type=email],input[type=tel],input[type=url],input[type=password],textarea',
  searchbox: 'input[type=search]',
  checkbox: 'input[type=checkbox]',
  radio: 'input[type=radio]',
  combobox: 'select',
  heading: 'h1,h2,h3,h4,h5,h6',
  img: 'img',
  option: 'option',
};
const NAMED = 'a,button,input,select,textarea,summary,label,img,[role],[tabindex],[aria-label],[title]';

/** Where candidates come from besides the selectors: the tag, else the role, else named-looking elements. */
function poolSelector(d: ElementDescriptor): string | null {
  if (d.tag && /^[a-z][a-z0-9-]*$/i.test(d.tag)) return d.tag.toLowerCase();
  if (d.role && /^[a-z]+$/.test(d.role))
    return `[role=${d.role}]${IMPLICIT[d.role] ? `,${IMPLICIT[d.role]}` : ''}`;
  return d.name ? NAMED : null;
}

function boxDistance(el: Element, b: Box): number {
  const r = el.getBoundingClientRect();
  const x = r.left + scrollX;
  const y = r.top + scrollY;
  return (
    Math.abs(x + r.width / 2 - (b.x + b.w / 2)) +
    Math.abs(y + r.height / 2 - (b.y + b.h / 2)) +
    (Math.abs(r.width - b.w) + Math.abs(r.height - b.h)) / 2
  );
}

/** The points of the element's own signals: tag, role and accessible name (no walk up the tree). */
function ownSignals(el: Element, d: ElementDescriptor): number {
  let s = 0;
  if (d.tag) s += el.localName === d.tag.toLowerCase() ? W.tag : W.tagWrong;
  if (d.role) s += roleOf(el) === d.role.toLowerCase() ? W.role : W.roleWrong;
  if (d.name) {
    const want = normalName(d.name);
    const have = normalName(nameOf(el));
    s +=
      have === want
        ? W.name
        : have && (have.includes(want) || want.includes(have))
          ? W.namePart
          : W.nameWrong;
  }
  return s;
}

/** The most the context (landmark, ancestors and their siblings) can still add. */
const contextCeiling = (d: ElementDescriptor): number =>
  (d.nearest_landmark ? W_LANDMARK : 0) +
  d.ancestors.reduce(
    (sum, a) =>
      sum +
      (a.selectors.length
        ? W_ANCESTOR + (a.prev.length ? W_SIBLING : 0) + (a.next.length ? W_SIBLING : 0)
        : 0),
    0,
  );

/** The points of the element's context: its landmark, and the capture's ancestors with their siblings. */
function contextSignals(el: Element, d: ElementDescriptor): number {
  let s = 0;
  if (d.nearest_landmark) s += landmarkOf(el) === d.nearest_landmark ? W_LANDMARK : -W_LANDMARK;
  for (const a of d.ancestors) {
    if (!a.selectors.length) continue;
    let up = el.parentElement;
    while (up && !matchesAny(up, a.selectors)) up = up.parentElement;
    if (!up) {
      s += W_NO_ANCESTOR;
      continue;
    }
    s += W_ANCESTOR;
    if (a.prev.length && matchesAny(up.previousElementSibling, a.prev)) s += W_SIBLING;
    if (a.next.length && matchesAny(up.nextElementSibling, a.next)) s += W_SIBLING;
  }
  return s;
}

/** The points of one element against the descriptor's signals besides the selectors. */
export const signals = (el: Element, d: ElementDescriptor): number =>
  ownSignals(el, d) + contextSignals(el, d);

export interface Scored {
  el: HTMLElement;
  score: number;
}

/** At most `n` usable elements among `els` (visibility reads stop once that many are found). */
function usableCount(els: Element[], n: number): number {
  let count = 0;
  for (const el of els) if (usable(el) && ++count === n) break;
  return count;
}

/**
 * The candidates that can decide the verdict, best first: every candidate within MARGIN of the best usable
 * one, each checked usable (hidden, inert and disabled ones dropped), and nothing below that band (it
 * cannot change the verdict). Visibility is read lazily in score order, since layout reads are the cost on
 * a page of thousands of elements.
 */
export function rank(d: ElementDescriptor, root: ParentNode = document): Scored[] {
  const fromSelectors = new Map<Element, number>();
  d.selector_candidates.forEach((selector, k) => {
    const hits = all(root, selector);
    if (!hits.length) return;
    const points = (SELECTOR_POINTS[k] ?? SELECTOR_POINTS.at(-1)!) / (usableCount(hits, 2) === 1 ? 1 : 2);
    for (const el of hits) fromSelectors.set(el, Math.max(fromSelectors.get(el) ?? 0, points));
  });
  const candidates = new Set<Element>(fromSelectors.keys());
  const pool = poolSelector(d);
  if (pool) for (const el of all(root, pool).slice(0, POOL)) candidates.add(el);
  const scored: { el: Element; score: number }[] = [];
  const ceiling = contextCeiling(d);
  for (const el of candidates) {
    // The element's own signals first: one that cannot reach the cut even with a perfect context is
    // dropped before the walk up the tree.
    const own = (fromSelectors.get(el) ?? 0) + ownSignals(el, d);
    if (own + ceiling < FLOOR - MARGIN) continue;
    const score = own + contextSignals(el, d);
    if (score >= FLOOR - MARGIN) scored.push({ el, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const out: Scored[] = [];
  for (const c of scored) {
    if (out.length && c.score <= out[0]!.score - MARGIN) break;
    if (usable(c.el)) out.push(c as Scored);
  }
  return out;
}

/** The verdict on ranked candidates: found only for a clear best (floor, margin, then the box). */
export function decide(ranked: Scored[], box?: Box | null): Located {
  const best = ranked[0];
  if (!best || best.score < FLOOR) return { kind: 'missing' };
  const close = ranked.filter((c) => c.score > best.score - MARGIN);
  if (close.length === 1) return { kind: 'found', el: best.el, score: best.score };
  if (box && box.w >= 0 && box.h >= 0) {
    const near = close.map((c) => ({ c, d: boxDistance(c.el, box) })).sort((a, b) => a.d - b.d);
    if (near[0]!.d + BOX_MARGIN <= near[1]!.d)
      return { kind: 'found', el: near[0]!.c.el, score: near[0]!.c.score };
  }
  return { kind: 'ambiguous', count: close.length };
}

/** Locates the step's element on the page now. */
export const locate = (d: ElementDescriptor, root: ParentNode = document): Located =>
  decide(rank(d, root), d.bounding_box);

/** The wait for a late element: 5 s (a step's element may come with the next render). */
export const WAIT_MS = 5000;

/**
 * Calls done once: with `found` as soon as the element is there (at once, or when the page changes: a
 * MutationObserver on the document, checks at most every 50 ms), else after `ms` with the last verdict
 * (`ambiguous` or `missing`). Returns the cancel; nothing is left observing after done or cancel.
 */
export function waitLocate(d: ElementDescriptor, ms: number, done: (r: Located) => void): () => void {
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let over = false;
  const cancel = () => {
    over = true;
    observer?.disconnect();
    clearTimeout(timer);
    clearTimeout(pending);
  };
  const finish = (r: Located) => {
    cancel();
    done(r);
  };
  const check = (last: boolean) => {
    pending = undefined;
    if (over) return;
    const r = locate(d);
    if (r.kind === 'found' || last) finish(r);
  };
  const first = locate(d);
  if (first.kind === 'found' || ms <= 0) {
    done(first);
    return cancel;
  }
  observer = new MutationObserver(() => {
    pending ??= setTimeout(() => check(false), 50);
  });
  observer.observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class', 'style', 'hidden', 'disabled', 'inert', 'aria-hidden', 'aria-disabled'],
  });
  timer = setTimeout(() => check(true), ms);
  return cancel;
}
