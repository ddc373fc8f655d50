import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { api } from '../../api/client';

export type Member = components['schemas']['Member'];

/** How a member is named in the inbox: their name, else their address. */
export const memberLabel = (m: Member) => m.name || m.email;

/**
 * The workspace's members (listMembers, which any member may read), by name, for the assignee choices.
 * Empty until loaded or when the read fails: the inbox still works with Me and Unassigned.
 */
export function useMembers(workspaceId: string): Member[] {
  const [members, setMembers] = useState<Member[]>([]);
  useEffect(() => {
    let live = true;
    void api
      .GET('/api/v1/workspaces/{workspaceId}/members', { params: { path: { workspaceId } } })
      .then(({ data }) => {
        if (live && data)
          setMembers([...data.data].sort((a, b) => memberLabel(a).localeCompare(memberLabel(b))));
      });
    return () => {
      live = false;
    };
  }, [workspaceId]);
  return members;
}
