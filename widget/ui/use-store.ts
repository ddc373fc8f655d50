import { useEffect, useState } from 'preact/hooks';
import type { Store } from '../core/store';

/** Re-renders the component whenever the store changes. */
export function useStore<T extends object>(store: Store<T>): T {
  const [, bump] = useState(0);
  useEffect(() => store.sub(() => bump((n) => n + 1)), [store]);
  return store.get();
}
