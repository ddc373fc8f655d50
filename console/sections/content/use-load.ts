import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorMessage } from '../../api/client';

/** One read for a view: its data, its error sentence, and a reload after a change. */
export function useLoad<T>(
  read: () => Promise<{ data?: T; error?: unknown }>,
  deps: readonly unknown[],
): { data: T | null; error: string | null; reload: () => Promise<void> } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    const r = await read();
    if (r.error !== undefined || r.data === undefined) setError(errorMessage(r.error));
    else {
      setError(null);
      setData(r.data);
    }
  }, deps);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
