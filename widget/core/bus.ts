import { warn } from './warn';

export type Handler = (payload?: unknown) => void;

/** A tiny event bus: on returns its unsubscribe; a throwing listener is reported and never propagates. */
export function createBus() {
  const listeners = new Map<string, Set<Handler>>();
  return {
    on(event: string, handler: Handler): () => void {
      const set = listeners.get(event) ?? new Set<Handler>();
      listeners.set(event, set);
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    off(event: string, handler: Handler): void {
      listeners.get(event)?.delete(handler);
    },
    emit(event: string, payload?: unknown): void {
      for (const handler of [...(listeners.get(event) ?? [])]) {
        try {
          handler(payload);
        } catch (err) {
          warn(`a "${event}" listener threw`, err);
        }
      }
    },
    clear(): void {
      listeners.clear();
    },
  };
}

export type Bus = ReturnType<typeof createBus>;
