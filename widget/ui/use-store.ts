import { useEffect, useRef, useState } from 'preact/hooks';
import type { Store } from '../core/store';

/**
 * Re-renders the component whenever the store changes. Effects run after paint, so a change made
 * between the first render and the subscription is caught by comparing with what was rendered.
 */
export function useStore<T extends object>(store: Store<T>): T {
  const state = store.get();
  const rendered = useRef(state);
  rendered.current = state;
  const [, bump] = useState(0);
  useEffect(() => {
    const check = () => {
      if (store.get() !== rendered.current) bump((n) => n + 1);
    };
    const off = store.sub(check);
    check();
    return off;
  }, [store]);
  return state;
}
