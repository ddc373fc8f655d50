import type { Db } from '../../server-core/db/db';
import type { Flag } from '../../server-core/flags/catalog';
import { FLAGS_CHANNEL, isFlagEnabled } from '../../server-core/flags/flags';
import { createRealtimeHub, type RealtimeIdentity } from '../../server-core/realtime/hub';
import { parseRealtimeEnvelope, WIDGET_REALTIME_CHANNEL } from '../../server-core/realtime/notify-widgets';
import { findVisitor } from '../../server-core/widget/visitors';
import type { Services } from '../services';
import {
  CLOSE,
  MAX_BUFFERED_BYTES,
  MAX_CLIENT_MESSAGES_PER_MINUTE,
  MAX_SOCKETS_PER_VISITOR,
  parseClientMessage,
} from './protocol';

/**
 * The flag of in-app experiences: their frames reach a workspace's sockets only while it is on. The socket
 * itself serves live conversations whatever it says (docs/decisions/conversations.md, Realtime).
 */
export const REALTIME_FLAG: Flag = 'feature.experiences.core';

/** Frames of live conversations: delivered whatever REALTIME_FLAG says. */
export const isConversationFrame = (type: string): boolean => type.startsWith('conversation.');

/** Ends a socket without a closing handshake. */
const DROP = 0;

/** What the gateway needs of a WebSocket (runtime/realtime-server.ts adapts ws's). */
export interface RealtimeSocket {
  send(text: string): void;
  /** A closing handshake with a code and a reason (at most 123 bytes). */
  close(code: number, reason: string): void;
  /** Gone at once, without a closing handshake (a peer that reads nothing would never answer one). */
  terminate(): void;
  /** Bytes queued and not yet handed to the network. */
  readonly bufferedAmount: number;
}

/** What the host tells the gateway about one socket. */
export interface RealtimeConnection {
  message(text: string, binary: boolean): void;
  closed(): void;
}

/**
 * The protocol side of widget realtime, framework-free: authenticates sockets (a visitor token within
 * the deadline), files them in the node's hub, delivers what this node hears on WIDGET_REALTIME_CHANNEL to
 * the sockets it is for: conversation frames always, experience frames only while the workspace's
 * feature.experiences.core is on. The host (runtime/realtime-server.ts) owns the network: handshakes, keepalive pings, shutdown.
 */
export function createRealtimeGateway(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'logger' | 'keys' | 'flags'>,
) {
  const { logger } = services;
  const limits = services.config.realtime;
  const hub = createRealtimeHub<RealtimeSocket>({
    maxSockets: limits.maxConnections,
    maxPerVisitor: MAX_SOCKETS_PER_VISITOR,
  });
  const ends = new Map<RealtimeSocket, (code: number, reason: string) => void>();
  /** Whether experience frames go to a workspace's sockets: read at each auth, kept current by flag NOTIFYs. */
  const experiencesOn = new Map<string, boolean>();
  let stopping = false;

  async function authenticate(token: string): Promise<RealtimeIdentity | 'invalid'> {
    const visitor = await findVisitor(
      { db: services.db, visitorTokenKey: services.keys.visitorToken },
      token,
      services.clock.now(),
    );
    if (!visitor) return 'invalid';
    experiencesOn.set(
      visitor.workspaceId,
      await services.flags.isEnabled(visitor.workspaceId, REALTIME_FLAG),
    );
    return { workspaceId: visitor.workspaceId, visitorId: visitor.id, contactId: visitor.contactId };
  }

  function connect(socket: RealtimeSocket): RealtimeConnection | null {
    if (stopping || !hub.admit(socket)) {
      socket.close(stopping ? CLOSE.goingAway : CLOSE.tryAgainLater, 'no room on this node');
      return null;
    }
    let ended = false;
    let window = { start: services.clock.now().getTime(), count: 0 };
    let queue: Promise<void> = Promise.resolve();
    const forget = () => {
      ended = true;
      clearTimeout(deadline);
      hub.remove(socket);
      ends.delete(socket);
    };
    const end = (code: number, reason: string) => {
      if (ended) return;
      forget();
      if (code === DROP) socket.terminate();
      else socket.close(code, reason);
    };
    ends.set(socket, end);
    const deadline = setTimeout(
      () => end(CLOSE.authTimeout, 'no auth message in time'),
      limits.authTimeoutMs,
    );
    deadline.unref();
    const send = (message: unknown) => {
      if (!ended) socket.send(JSON.stringify(message));
    };

    async function auth(token: string): Promise<void> {
      let result: Awaited<ReturnType<typeof authenticate>>;
      try {
        result = await authenticate(token);
      } catch (err) {
        logger.error('realtime authentication failed', { error: (err as Error).message });
        return end(CLOSE.internal, 'try again later');
      }
      if (ended) return;
      if (result === 'invalid') return end(CLOSE.invalidToken, 'invalid visitor token');
      if (!hub.register(socket, result)) return end(CLOSE.tooMany, 'too many sockets for this visitor');
      clearTimeout(deadline);
      send({ type: 'ready' });
    }

    return {
      message(text, binary) {
        if (ended) return;
        const now = services.clock.now().getTime();
        if (now - window.start >= 60_000) window = { start: now, count: 0 };
        if (++window.count > MAX_CLIENT_MESSAGES_PER_MINUTE) return end(CLOSE.tooMany, 'too many messages');
        if (binary) return end(CLOSE.unsupported, 'text frames only');
        const message = parseClientMessage(text);
        if (!message) return end(CLOSE.badMessage, 'unknown message');
        if (message.type === 'ping') return send({ type: 'pong' });
        // One authentication at a time, in order: the last auth sent decides who the socket is.
        queue = queue.then(() => auth(message.token));
      },
      closed: forget,
    };
  }

  /** Delivers one NOTIFY payload to this node's sockets; answers how many it was sent to. */
  function deliver(payload: string): number {
    const envelope = parseRealtimeEnvelope(payload);
    if (!envelope) {
      logger.warn('realtime: ignored a malformed notification', {
        channel: WIDGET_REALTIME_CHANNEL,
        bytes: payload.length,
      });
      return 0;
    }
    if (!isConversationFrame(envelope.m.type) && experiencesOn.get(envelope.w) !== true) return 0;
    const text = JSON.stringify(envelope.m);
    let sent = 0;
    for (const socket of hub.recipients(envelope)) {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        logger.info('realtime: dropped a socket that does not read', { buffered: socket.bufferedAmount });
        ends.get(socket)?.(DROP, '');
        continue;
      }
      socket.send(text);
      sent++;
    }
    return sent;
  }

  /**
   * A workspace's flags changed: experience frames stop (or resume) for its sockets, which stay open for
   * live conversations.
   */
  async function flagsChanged(workspaceId: string): Promise<void> {
    if (hub.ofWorkspace(workspaceId).length === 0) {
      experiencesOn.delete(workspaceId);
      return;
    }
    experiencesOn.set(workspaceId, await isFlagEnabled(services.db, workspaceId, REALTIME_FLAG));
  }

  return {
    hub,
    connect,
    deliver,
    flagsChanged,
    /** Whether a new socket would be admitted (asked before the handshake is answered). */
    hasRoom: () => !stopping && hub.hasRoom(),
    /** The node's one LISTEN for realtime messages, and for flag changes; resolves to the unlisten. */
    async listen(db: Db): Promise<() => Promise<void>> {
      const unlisten = await db.listen(WIDGET_REALTIME_CHANNEL, (payload) => {
        try {
          deliver(payload);
        } catch (err) {
          logger.error('realtime delivery failed', { error: (err as Error).message });
        }
      });
      const unlistenFlags = await db
        .listen(FLAGS_CHANNEL, (workspaceId) => {
          flagsChanged(workspaceId).catch((err: Error) =>
            logger.error('realtime flag check failed', { error: err.message }),
          );
        })
        .catch(async (err) => {
          await unlisten();
          throw err;
        });
      return async () => {
        await unlisten();
        await unlistenFlags();
      };
    },
    /** Refuses new sockets and closes every open one with the given code. */
    closeAll(code: number, reason: string): void {
      stopping = true;
      for (const socket of hub.all()) {
        const end = ends.get(socket);
        if (end) end(code, reason);
        else socket.close(code, reason);
      }
    },
  };
}

export type RealtimeGateway = ReturnType<typeof createRealtimeGateway>;
