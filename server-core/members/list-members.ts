import type { Ctx } from '../context';
import type { Role } from './catalog';

export interface MemberRow {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  created_at: Date;
}

/** The workspace's members, owners first, then by address. */
export async function listMembers(ctx: Ctx): Promise<MemberRow[]> {
  return ctx.db.query<MemberRow>(
    `select m.user_id, u.email, u.name, m.role, m.created_at from memberships m join users u on u.id = m.user_id
     where m.workspace_id = $1
     order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, u.email_normalized`,
    [ctx.workspaceId],
  );
}
