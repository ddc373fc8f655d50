import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DAY } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import type { Role } from './catalog';

/** An invitation link works for 7 days; inviting the address again replaces it with a fresh one. */
export const INVITATION_TTL_MS = 7 * DAY;

export interface InvitationRow {
  id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
}

const COLUMNS = 'id, email, role, invited_by, created_at, expires_at';

/** Pending invitations of the workspace (expired ones included until housekeeping drops them), newest first. */
export async function listInvitations(ctx: Ctx): Promise<InvitationRow[]> {
  return ctx.db.query<InvitationRow>(
    `select ${COLUMNS} from invitations where workspace_id = $1 order by id desc`,
    [ctx.workspaceId],
  );
}

/** Revokes (deletes) a pending invitation: its link stops working at once. */
export async function revokeInvitation(ctx: Ctx, id: string): Promise<boolean> {
  const rows = await ctx.db.query(
    'delete from invitations where workspace_id = $1 and id = $2 returning id',
    [ctx.workspaceId, id],
  );
  return rows.length > 0;
}

export interface LiveInvitation extends InvitationRow {
  workspace_id: string;
  workspace_name: string;
}

/** The live invitation a token names (not expired), with its workspace's name, or null. */
export async function findLiveInvitation(db: Sql, token: string, now: Date): Promise<LiveInvitation | null> {
  if (token.length > 200) return null;
  const rows = await db.query<LiveInvitation>(
    `select i.id, i.email, i.role, i.invited_by, i.created_at, i.expires_at, i.workspace_id, w.name as workspace_name
     from invitations i join workspaces w on w.id = i.workspace_id
     where i.token_hash = $1 and i.expires_at > $2`,
    [sha256Hex(token), now],
  );
  return rows[0] ?? null;
}

/** Housekeeping: invitations past their expiry. */
export async function purgeExpiredInvitations(db: Sql, now: Date): Promise<number> {
  return (await db.query('delete from invitations where expires_at <= $1 returning id', [now])).length;
}
