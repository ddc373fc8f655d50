/**
 * Browser storage under `widget:` keys. Storage may be missing or throw (private modes, sandboxed
 * frames, quota): every access is guarded and an in-memory copy keeps the page view working.
 */
export const PREFIX = 'widget:';
type Area = 'local' | 'session';

const memory = new Map<string, string>();

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readKey(key: string, which: Area = 'local'): string | null {
  try {
    const value = area(which)?.getItem(PREFIX + key);
    if (value != null) return value;
  } catch {
    // fall through to memory
  }
  return memory.get(which + key) ?? null;
}

export function writeKey(key: string, value: string, which: Area = 'local'): void {
  memory.set(which + key, value);
  try {
    area(which)?.setItem(PREFIX + key, value);
  } catch {
    // memory keeps it for this page view
  }
}

/** forget(): every widget: key from localStorage and sessionStorage. Never throws. */
export function forgetAll(): void {
  memory.clear();
  for (const which of ['local', 'session'] as const) {
    try {
      const s = area(which);
      if (!s) continue;
      const keys: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k?.startsWith(PREFIX)) keys.push(k);
      }
      for (const k of keys) s.removeItem(k);
    } catch {
      // nothing more can be done
    }
  }
}

/** Removes one key (memory and storage). Never throws. */
export function removeKey(key: string, which: Area = 'local'): void {
  memory.delete(which + key);
  try {
    area(which)?.removeItem(PREFIX + key);
  } catch {
    // nothing more can be done
  }
}
