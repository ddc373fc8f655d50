import type { RealtimeEnvelope } from './notify-widgets';

/** Who an authenticated widget socket speaks for, as its visitor token proved it. */
export interface RealtimeIdentity {
  workspaceId: string;
  visitorId: string;
  /** The verified contact (findVisitor), or null for an anonymous or unverified visitor. */
  contactId: string | null;
}

export interface HubLimits {
  /** Sockets one node holds at once, authenticated or not (REALTIME_MAX_CONNECTIONS). */
  maxSockets: number;
  /** Authenticated sockets of one visitor on one node (its tabs); one more is refused. */
  maxPerVisitor: number;
}

/**
 * One node's table of widget sockets: every open socket counts toward the node's cap; an authenticated one
 * is also filed under its workspace, its visitor and its verified contact, which is how an envelope heard
 * on WIDGET_REALTIME_CHANNEL finds its sockets (the inverse of notifyWidgets' audience). Generic over the
 * socket, so it is tested without a network. Nothing here is correctness-relevant state: a socket that is
 * lost only misses hints, and the widget re-reads what it shows when it reconnects.
 */
export function createRealtimeHub<S>(limits: HubLimits) {
  const open = new Set<S>();
  const identities = new Map<S, RealtimeIdentity>();
  const index = new Map<string, Set<S>>();

  const keysOf = (id: RealtimeIdentity): string[] => {
    const keys = [`w ${id.workspaceId}`, `v ${id.workspaceId} ${id.visitorId}`];
    if (id.contactId) keys.push(`c ${id.workspaceId} ${id.contactId}`);
    return keys;
  };

  function unfile(socket: S): void {
    const id = identities.get(socket);
    if (!id) return;
    identities.delete(socket);
    for (const key of keysOf(id)) {
      const set = index.get(key);
      set?.delete(socket);
      if (set?.size === 0) index.delete(key);
    }
  }

  return {
    /** Counts a new socket in, or answers false when the node is at its cap. */
    admit(socket: S): boolean {
      if (open.has(socket)) return true;
      if (open.size >= limits.maxSockets) return false;
      open.add(socket);
      return true;
    },
    /** Whether one more socket would be admitted (checked before a handshake is answered). */
    hasRoom(): boolean {
      return open.size < limits.maxSockets;
    },
    /**
     * Files an admitted socket under its identity; a socket that was filed before (re-authentication after
     * user.set) moves. False when the visitor already holds maxPerVisitor other sockets on this node.
     */
    register(socket: S, identity: RealtimeIdentity): boolean {
      if (!open.has(socket)) throw new Error('register: the socket was not admitted');
      const siblings = index.get(`v ${identity.workspaceId} ${identity.visitorId}`);
      const others = (siblings?.size ?? 0) - (siblings?.has(socket) ? 1 : 0);
      if (others >= limits.maxPerVisitor) return false;
      unfile(socket);
      identities.set(socket, { ...identity });
      for (const key of keysOf(identity)) {
        const set = index.get(key) ?? new Set<S>();
        index.set(key, set);
        set.add(socket);
      }
      return true;
    },
    /** Forgets a socket (closed); harmless for one never admitted. */
    remove(socket: S): void {
      unfile(socket);
      open.delete(socket);
    },
    identity(socket: S): RealtimeIdentity | null {
      return identities.get(socket) ?? null;
    },
    /**
     * The sockets an envelope is for: every socket of the workspace when it names neither a visitor nor a
     * contact; otherwise the visitor's sockets and the sockets of every visitor verified as the contact.
     */
    recipients(envelope: Pick<RealtimeEnvelope, 'w' | 'v' | 'c'>): S[] {
      if (!envelope.v && !envelope.c) return [...(index.get(`w ${envelope.w}`) ?? [])];
      const to = new Set<S>();
      if (envelope.v) for (const s of index.get(`v ${envelope.w} ${envelope.v}`) ?? []) to.add(s);
      if (envelope.c) for (const s of index.get(`c ${envelope.w} ${envelope.c}`) ?? []) to.add(s);
      return [...to];
    },
    /** The authenticated sockets of a workspace (a flag switched off closes them). */
    ofWorkspace(workspaceId: string): S[] {
      return [...(index.get(`w ${workspaceId}`) ?? [])];
    },
    /** Every admitted socket. */
    all(): S[] {
      return [...open];
    },
    size(): { open: number; authenticated: number } {
      return { open: open.size, authenticated: identities.size };
    },
  };
}

export type RealtimeHub<S> = ReturnType<typeof createRealtimeHub<S>>;
