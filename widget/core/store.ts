/** A minimal observable state: set merges and notifies; sub returns its unsubscribe. */
export function createStore<T extends object>(initial: T) {
  let state = initial;
  const subs = new Set<() => void>();
  return {
    get: (): T => state,
    set(patch: Partial<T>): void {
      state = { ...state, ...patch };
      for (const f of [...subs]) f();
    },
    sub(f: () => void): () => void {
      subs.add(f);
      return () => {
        subs.delete(f);
      };
    },
  };
}

export type Store<T extends object> = ReturnType<typeof createStore<T>>;
