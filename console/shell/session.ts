import { api } from '../api/client';
import type { ConsoleSession } from './types';

export interface Membership {
  workspace_id: string;
  workspace_name: string;
  role: string;
  permissions: string[];
}

export interface SignedIn {
  user: ConsoleSession['user'];
  memberships: Membership[];
}

const WORKSPACE_KEY = 'console-workspace';

/** Who is signed in, or null without a live session (the getSession operation answers 401). */
export async function loadSession(): Promise<SignedIn | null> {
  const { data, response } = await api.GET('/api/v1/auth/session');
  if (response.status === 401 || !data) return null;
  return { user: data.data.user, memberships: data.data.memberships };
}

/** The workspace last chosen in this browser when the user is still a member of it, else the first. */
export function pickWorkspace(s: SignedIn): Membership | null {
  const kept = localStorage.getItem(WORKSPACE_KEY);
  return s.memberships.find((m) => m.workspace_id === kept) ?? s.memberships[0] ?? null;
}

export function rememberWorkspace(id: string): void {
  localStorage.setItem(WORKSPACE_KEY, id);
}

export function consoleSession(s: SignedIn, m: Membership): ConsoleSession {
  return { workspaceId: m.workspace_id, user: s.user, role: m.role, permissions: m.permissions };
}
