import type { Db } from '../../server-core/db/db';
import { parseUlid } from '../../server-core/lib/ulid';
import { roleHas } from '../../server-core/members/catalog';
import { findMembershipRole } from '../../server-core/members/memberships';
import { findSession } from '../../server-core/members/sessions';
import { parseStaffNotice, STAFF_REALTIME_CHANNEL } from '../../server-core/realtime/notify-staff';
import { cookieSecurity } from '../middleware/session/cookies';
import type { Services } from '../services';
import type { RealtimeSocket } from './gateway';
import { MAX_BUFFERED_BYTES } from './protocol';

/**
 * The console's live inbox (docs/decisions/console-operations.md, Live inbox updates): a WebSocket at
 * STAFF_REALTIME_PATH?workspace=<id>, authenticated at the handshake by the portal session cookie, from the
 * console's own origin only (a cross-site page could make the browser send the cookie: the Origin check is
 * the CSRF defence of a socket), for members with conversations.manage. It only listens: each frame is
 * `{ type: "conversation.changed", conversation_id }`, ids only, and the console re-reads through the API
 * (which checks the session again). A socket lives at most until its session's expiry.
 */
export const STAFF_REALTIME_PATH = '/app/realtime';

/** Staff sockets one node holds at once (beside the widget sockets' REALTIME_MAX_CONNECTIONS). */
export const MAX_STAFF_SOCKETS = 2_000;

export type StaffAdmission =
  | { ok: true; workspaceId: string; userId: string; expiresAt: Date }
  | { ok: false; status: 401 | 403 | 404 };

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Whether the handshake comes from a page of the origin it is made to (Origin's host equals Host). */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host === host.toLowerCase();
  } catch {
    return false;
  }
}

export function createStaffGateway(services: Pick<Services, 'db' | 'clock' | 'config' | 'logger'>) {
  const byWorkspace = new Map<string, Map<RealtimeSocket, Date>>();
  let count = 0;
  let stopping = false;

  function remove(workspaceId: string, socket: RealtimeSocket): void {
    const set = byWorkspace.get(workspaceId);
    if (set?.delete(socket)) count--;
    if (set?.size === 0) byWorkspace.delete(workspaceId);
  }

  /** Delivers one NOTIFY payload to the workspace's sockets on this node; answers how many it reached. */
  function deliver(payload: string): number {
    const notice = parseStaffNotice(payload);
    if (!notice) {
      services.logger.warn('staff realtime: ignored a malformed notification', { bytes: payload.length });
      return 0;
    }
    const now = services.clock.now();
    const text = JSON.stringify(notice.frame);
    let sent = 0;
    for (const [socket, expiresAt] of byWorkspace.get(notice.workspaceId) ?? []) {
      if (expiresAt <= now) {
        socket.close(4401, 'session expired');
        remove(notice.workspaceId, socket);
      } else if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        remove(notice.workspaceId, socket);
      } else {
        socket.send(text);
        sent++;
      }
    }
    return sent;
  }

  return {
    /** Who may open a socket: 401 without a live session, 403 cross-origin or without the permission, 404 for a bad id. */
    async admit(h: {
      cookie?: string;
      origin?: string;
      host?: string;
      workspace: string | null;
    }): Promise<StaffAdmission> {
      if (!sameOrigin(h.origin, h.host)) return { ok: false, status: 403 };
      const workspaceId = parseUlid(h.workspace ?? '');
      if (!workspaceId) return { ok: false, status: 404 };
      const token = cookieValue(h.cookie, cookieSecurity(services).session);
      const session = await findSession(services.db, token, services.clock.now());
      if (!session) return { ok: false, status: 401 };
      const role = await findMembershipRole(services.db, workspaceId, session.user_id);
      if (!role || !roleHas(role, 'conversations.manage')) return { ok: false, status: 403 };
      return { ok: true, workspaceId, userId: session.user_id, expiresAt: session.expires_at };
    },
    hasRoom: () => !stopping && count < MAX_STAFF_SOCKETS,
    add(workspaceId: string, socket: RealtimeSocket, expiresAt: Date): void {
      const set = byWorkspace.get(workspaceId) ?? new Map<RealtimeSocket, Date>();
      byWorkspace.set(workspaceId, set);
      if (!set.has(socket)) count++;
      set.set(socket, expiresAt);
      socket.send(JSON.stringify({ type: 'ready' }));
    },
    remove,
    deliver,
    async listen(db: Db): Promise<() => Promise<void>> {
      return db.listen(STAFF_REALTIME_CHANNEL, (payload) => {
        try {
          deliver(payload);
        } catch (err) {
          services.logger.error('staff realtime delivery failed', { error: (err as Error).message });
        }
      });
    },
    closeAll(code: number, reason: string): void {
      stopping = true;
      for (const set of byWorkspace.values()) for (const socket of set.keys()) socket.close(code, reason);
      byWorkspace.clear();
      count = 0;
    },
    size: () => count,
  };
}

export type StaffGateway = ReturnType<typeof createStaffGateway>;
