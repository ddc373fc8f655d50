import { useEffect, useState } from 'preact/hooks';

const CHANGE = 'console:navigate';

/** Goes to an /app/... path without a reload; anything else is a full navigation. */
export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (!to.startsWith('/app')) {
    location.assign(to);
    return;
  }
  if (opts.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  dispatchEvent(new Event(CHANGE));
}

/** The current location, re-rendering on back/forward and on navigate(). */
export function useLocation(): { pathname: string; search: string } {
  const read = () => ({ pathname: location.pathname, search: location.search });
  const [loc, setLoc] = useState(read);
  useEffect(() => {
    const update = () => setLoc(read());
    addEventListener('popstate', update);
    addEventListener(CHANGE, update);
    return () => {
      removeEventListener('popstate', update);
      removeEventListener(CHANGE, update);
    };
  }, []);
  return loc;
}

/** `/app/settings/api-keys` -> ['settings', 'api-keys'] (decoded, empty segments dropped). */
export function appSegments(pathname: string): string[] {
  return pathname
    .replace(/^\/app\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
}

/** Same-origin links under /app open through the router; modified clicks keep their browser meaning. */
export function onLinkClick(e: MouseEvent): void {
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
  if (!a.pathname.startsWith('/app')) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
}
