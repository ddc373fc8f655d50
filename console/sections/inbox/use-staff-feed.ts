import { useEffect, useState } from 'preact/hooks';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * The live inbox: a WebSocket to /app/realtime (bff/realtime/staff-gateway.ts) that says which conversation
 * changed. Answers whether it is connected and the last change heard (`at` moves on each frame, so a view
 * re-reads). Reconnects with a doubling delay; the lists poll slowly meanwhile, so nothing waits on it.
 */
export function useStaffFeed(workspaceId: string): {
  live: boolean;
  change: { id: string; at: number } | null;
} {
  const [live, setLive] = useState(false);
  const [change, setChange] = useState<{ id: string; at: number } | null>(null);
  useEffect(() => {
    let ws: WebSocket | null = null;
    let stopped = false;
    let delay = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
      ws = new WebSocket(
        `${scheme}//${location.host}/app/realtime?workspace=${encodeURIComponent(workspaceId)}`,
      );
      ws.onmessage = (e) => {
        try {
          const frame = JSON.parse(String(e.data)) as { type?: string; conversation_id?: string };
          if (frame.type === 'ready') {
            delay = RETRY_MIN_MS;
            setLive(true);
          } else if (frame.type === 'conversation.changed' && frame.conversation_id) {
            setChange({ id: frame.conversation_id, at: Date.now() });
          }
        } catch {
          // Not a frame of ours: ignored.
        }
      };
      ws.onclose = (e) => {
        setLive(false);
        if (stopped || e.code === 4401) return;
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      ws?.close();
    };
  }, [workspaceId]);
  return { live, change };
}
