import { useEffect, useRef } from 'preact/hooks';

/**
 * Calls `load` now, whenever `deps` change, and every `everyMs` while the page is visible: the inbox's live
 * updates (docs/decisions/console-operations.md, Live inbox updates: the staff socket, polling while it reconnects). A load still running is not doubled.
 */
export function usePoll(load: () => Promise<void>, everyMs: number, deps: readonly unknown[]): void {
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let busy = false;
    const run = () => {
      if (busy || document.visibilityState === 'hidden') return;
      busy = true;
      latest.current().finally(() => {
        busy = false;
      });
    };
    run();
    const timer = setInterval(run, everyMs);
    document.addEventListener('visibilitychange', run);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', run);
    };
  }, deps);
}
