/**
 * Sees client-side route changes: history.pushState and replaceState (wrapped) and popstate /
 * hashchange. The hook fires once per change of location.href, however many of these signal it.
 * stop() unwraps (when nobody wrapped after us) and removes every listener.
 */
export function watchRoutes(w: Window, onChange: (href: string) => void): () => void {
  const history = w.history;
  let last = w.location.href;
  let live = true;
  const check = () => {
    if (!live) return;
    const href = w.location.href;
    if (href === last) return;
    last = href;
    try {
      onChange(href);
    } catch {
      // the hook's own problem; the page's navigation goes on
    }
  };
  const wrap = (name: 'pushState' | 'replaceState') => {
    const original = history[name];
    const wrapped = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      check();
      return result;
    };
    history[name] = wrapped;
    return () => {
      if (history[name] === wrapped) history[name] = original;
    };
  };
  const unwrap = [wrap('pushState'), wrap('replaceState')];
  w.addEventListener('popstate', check);
  w.addEventListener('hashchange', check);
  return () => {
    live = false;
    for (const u of unwrap) u();
    w.removeEventListener('popstate', check);
    w.removeEventListener('hashchange', check);
  };
}
