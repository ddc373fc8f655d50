import type { Bus } from './bus';
import { warn } from './warn';

/** A frame from the service: `ready` after each authentication, then what notifyWidgets publishes. */
export interface RealtimeMessage {
  type: string;
  [field: string]: unknown;
}

/** A chat frame: the conversation to fetch, and for `conversation.message` the new message's id. */
export interface ChatFrame {
  conversationId: string;
  messageId: string | null;
}

const ID = /^[0-9a-hjkmnp-tv-z]{26}$/i;

/**
 * `{ type: 'conversation.message', conversation_id, message_id }` or `{ type: 'conversation.updated',
 * conversation_id }` (ids only: the widget fetches), or null for any other frame or a malformed one (the
 * ids go into a request path, so they must be ULIDs).
 */
export function chatFrame(m: RealtimeMessage | null | undefined): ChatFrame | null {
  const id = m?.conversation_id;
  if (typeof id !== 'string' || !ID.test(id)) return null;
  if (m!.type === 'conversation.updated') return { conversationId: id, messageId: null };
  const messageId = m!.message_id;
  if (m!.type !== 'conversation.message' || typeof messageId !== 'string' || !ID.test(messageId)) return null;
  return { conversationId: id, messageId };
}

/**
 * The realtime socket (docs/decisions/experiences.md, Realtime): one WebSocket to `<base>widget/realtime`
 * (ws: or wss: like the API), authenticated by its first message with the visitor token and again after
 * user.set (`identity`). Every frame goes to the internal bus as `realtime`; a `ready` means the socket
 * is (re)authenticated and anything published while it was away was missed. A dropped socket comes back
 * after 1 s doubling to 30 s (each wait drawn between half and all of it), at once when the browser goes
 * online or the page becomes visible. 4404 (realtime off) stops it for good; so does 4401 (the token is
 * dead) once `reboot` (a new visitor) has been tried, and a Content-Security-Policy that blocks the socket
 * (one [widget] warning naming the origin connect-src needs, instead of a violation every 30 s). It holds
 * no DOM, so body swaps leave it alone. Nothing here throws into the page.
 */
export function connectRealtime(
  w: Window,
  base: string,
  token: () => string | null,
  events: Bus,
  reboot: () => Promise<boolean>,
): void {
  let url: string;
  try {
    url = new URL('widget/realtime', base).href.replace(/^http/, 'ws');
  } catch {
    warn(`no realtime: ${base} is not a URL`);
    return;
  }
  let ws: WebSocket | null = null;
  let delay = 1e3;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let rebooted = false;

  const auth = () => {
    const t = token();
    if (t && ws?.readyState === 1) ws.send(JSON.stringify({ type: 'auth', token: t }));
  };

  const open = () => {
    clearTimeout(timer);
    if (stopped || ws) return;
    try {
      const socket = new WebSocket(url);
      ws = socket;
      socket.onopen = auth;
      socket.onmessage = (e) => {
        try {
          const message = JSON.parse(e.data) as RealtimeMessage;
          if (message.type === 'ready') delay = 1e3;
          events.emit('realtime', message);
        } catch {
          // not JSON: nothing the service sends
        }
      };
      socket.onclose = (e) => {
        ws = null;
        if (e.code === 4401 && !rebooted) {
          rebooted = true;
          reboot().then((ok) => (ok ? open() : stop()), stop);
        } else if (e.code === 4401 || e.code === 4404) stop();
        else {
          timer = setTimeout(open, delay * (0.5 + Math.random() / 2));
          delay = Math.min(delay * 2, 3e4);
        }
      };
    } catch {
      stop();
    }
  };
  const stop = () => {
    ws = null;
    stopped = true;
  };

  events.on('identity', auth);
  w.document.addEventListener('securitypolicyviolation', (e) => {
    if (!stopped && e.disposition === 'enforce' && e.blockedURI && url.startsWith(e.blockedURI)) {
      stop();
      warn(
        `realtime is blocked by the page's Content-Security-Policy: add ${new URL(url).origin} to connect-src`,
      );
    }
  });
  w.addEventListener('online', open);
  w.document.addEventListener('visibilitychange', () => {
    if (w.document.visibilityState === 'visible') open();
  });
  open();
}
