/**
 * Waiting for a page element by selector, shared by the tour, the launchers and the anchored banners
 * (no package: the banner chunk uses it without loading the positioning chunk).
 */

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
