import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';

/** A host name as the Host header gives it: lower-case, no port, no trailing dot; null when malformed. */
export function normaliseHost(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return null; // an IP literal never names a help center
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  if (host.length < 1 || host.length > 253) return null;
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(host))
    return null;
  return host;
}

/** The workspace whose help center this Host header names, or null. */
export async function workspaceForHost(db: Sql, hostHeader: string | undefined): Promise<string | null> {
  const host = normaliseHost(hostHeader);
  if (!host) return null;
  const rows = await db.query<{ workspace_id: string }>(
    'select workspace_id from help_center_hosts where host = $1',
    [host],
  );
  return rows[0]?.workspace_id ?? null;
}

/** Serves the workspace's help center on a host; a host already serving another workspace is host_taken. */
export async function addHelpCenterHost(
  db: Sql,
  input: { workspaceId: string; host: string; now: Date },
): Promise<{ host: string; workspaceId: string }> {
  const host = normaliseHost(input.host);
  if (!host) throw new DomainError('invalid_host', {}, `Not a host name: ${input.host}`);
  const rows = await db.query<{ workspace_id: string }>(
    `insert into help_center_hosts (host, workspace_id, created_at) values ($1, $2, $3)
     on conflict (host) do update set host = excluded.host
     returning workspace_id`,
    [host, input.workspaceId, input.now],
  );
  if (rows[0]!.workspace_id !== input.workspaceId)
    throw new DomainError('host_taken', {}, `${host} already serves another workspace.`);
  return { host, workspaceId: input.workspaceId };
}

/** Stops serving a host; true when it was configured for the workspace. */
export async function removeHelpCenterHost(
  db: Sql,
  input: { workspaceId: string; host: string },
): Promise<boolean> {
  const host = normaliseHost(input.host);
  if (!host) return false;
  const rows = await db.query(
    'delete from help_center_hosts where host = $1 and workspace_id = $2 returning host',
    [host, input.workspaceId],
  );
  return rows.length > 0;
}

export async function listHelpCenterHosts(db: Sql, workspaceId: string): Promise<string[]> {
  const rows = await db.query<{ host: string }>(
    'select host from help_center_hosts where workspace_id = $1 order by host',
    [workspaceId],
  );
  return rows.map((r) => r.host);
}
