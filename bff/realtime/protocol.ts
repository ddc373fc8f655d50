/**
 * The widget realtime protocol (docs/decisions/experiences.md, Realtime): JSON text frames on one
 * WebSocket at REALTIME_PATH. The widget sends `auth` (first, and again after user.set) and may send
 * `ping`; the server sends `ready`, `pong` and the messages of notifyWidgets.
 */
export const REALTIME_PATH = '/widget/realtime';

/** Close codes. 4401 and 4404 tell the widget to stop reconnecting; the others are worth a retry. */
export const CLOSE = {
  /** The process is stopping; another node (or this one, restarted) takes the widget back. */
  goingAway: 1001,
  /** A binary frame: the protocol is JSON text. */
  unsupported: 1003,
  /** Something failed on our side (the database, while authenticating). */
  internal: 1011,
  /** The node holds as many sockets as it may (REALTIME_MAX_CONNECTIONS). */
  tryAgainLater: 1013,
  /** Not JSON, not an object, an unknown type or a bad field. */
  badMessage: 4400,
  /** The visitor token is unknown, malformed, forged or expired (the HTTP 401 of the widget endpoints). */
  invalidToken: 4401,
  /**
   * Realtime is off for the workspace. Not sent since issue 16: the socket serves live conversations
   * whatever feature.experiences.core says (docs/decisions/conversations.md, Realtime); the widget still
   * stops on it.
   */
  disabled: 4404,
  /** No `auth` within the deadline after connecting. */
  authTimeout: 4408,
  /** Too many messages on the socket, or too many sockets of one visitor on one node. */
  tooMany: 4429,
} as const;

/** Frames from the widget are small: an auth message with a token, or a ping. */
export const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
/** Messages one socket may send per minute (auth at connect and after each user.set, pings). */
export const MAX_CLIENT_MESSAGES_PER_MINUTE = 20;
/** Authenticated sockets of one visitor on one node: its open tabs. */
export const MAX_SOCKETS_PER_VISITOR = 20;
/** A socket with more than this queued and unsent is a reader that cannot keep up: it is dropped. */
export const MAX_BUFFERED_BYTES = 64 * 1024;

export type ClientMessage = { type: 'auth'; token: string } | { type: 'ping' };

/** A frame from the widget, or null when it is not one the protocol knows. */
export function parseClientMessage(text: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { type, token } = value as { type?: unknown; token?: unknown };
  if (type === 'ping') return { type };
  if (type === 'auth' && typeof token === 'string' && token.length > 0 && token.length <= 256)
    return { type, token };
  return null;
}
