import { MAX_REMOVALS, REMOVAL_WINDOW_S, tooManyRemovals } from './removal-brake';
import { warn } from './warn';

/**
 * Keeps the widget's element in the page when frameworks swap or empty <body> (Turbo, hand-made
 * `document.body = …`, anything else): a MutationObserver on <html> and on the current body puts it
 * back into whichever body is current, drops stale copies (a framework's cached clone of the old body),
 * and calls onRestore (the panel iframe has reloaded and must be filled again). A page that removes it
 * more than 20 times in 10 seconds wins (removal-brake.ts): restoring stops with one [widget] warning.
 */
export function keepChrome(doc: Document, el: HTMLElement, onRestore: () => void): () => void {
  const removals: number[] = [];
  let body: HTMLElement | null = null;
  let stopped = false;
  const observer = new MutationObserver(check);

  function observe() {
    observer.disconnect();
    observer.observe(doc.documentElement, { childList: true });
    body = doc.body;
    if (body) observer.observe(body, { childList: true });
  }

  function check() {
    if (stopped) return;
    if (doc.body !== body) observe();
    if (el.parentNode === doc.body && doc.body) return;
    if (tooManyRemovals(removals, Date.now())) {
      stop();
      warn(
        `the page removed the widget more than ${MAX_REMOVALS} times in ${REMOVAL_WINDOW_S} seconds; ` +
          'it is not restored again until the next page load',
      );
      return;
    }
    const target = doc.body;
    if (!target) return;
    const marker = el.getAttribute('data-widget-chrome');
    for (const copy of target.querySelectorAll(`:scope > [data-widget-chrome="${marker}"]`)) {
      if (copy !== el) copy.remove();
    }
    target.appendChild(el);
    observe();
    observer.takeRecords();
    onRestore();
  }

  function stop() {
    stopped = true;
    observer.disconnect();
  }

  observe();
  return stop;
}
