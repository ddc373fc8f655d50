import { useEffect, useState } from 'preact/hooks';

interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error';
}

const SHOWN_MS = 6000;
let next = 1;
const listeners = new Set<(t: Toast) => void>();

/** Announces a short message in the status region (polite; errors are assertive). */
export function toast(text: string, kind: Toast['kind'] = 'info'): void {
  const t = { id: next++, text, kind };
  for (const l of listeners) l(t);
}

/** The one live region of the console, mounted once by the shell. */
export function StatusRegion() {
  const [items, setItems] = useState<Toast[]>([]);
  useEffect(() => {
    const add = (t: Toast) => {
      setItems((xs) => [...xs, t]);
      setTimeout(() => setItems((xs) => xs.filter((x) => x.id !== t.id)), SHOWN_MS);
    };
    listeners.add(add);
    return () => listeners.delete(add);
  }, []);
  return (
    <div class="status-region">
      <div role="status" aria-live="polite">
        {items
          .filter((t) => t.kind === 'info')
          .map((t) => (
            <div key={t.id} class="toast">
              {t.text}
            </div>
          ))}
      </div>
      <div role="alert" aria-live="assertive">
        {items
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <div key={t.id} class="toast error">
              {t.text}
            </div>
          ))}
      </div>
    </div>
  );
}
