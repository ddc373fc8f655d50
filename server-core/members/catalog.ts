/**
 * The portal permission catalog and the roles over it. This file is the source of truth; it is
 * written into the roles / permissions / role_permissions tables on every start (syncRoleCatalog).
 * docs/decisions/auth-and-sessions.md records the mapping.
 */
export const PERMISSIONS = {
  'workspace.read': 'See the workspace and its data in the portal.',
  'members.manage': 'Invite, remove and change the role of members.',
  'api_keys.manage': 'Create, list and revoke workspace API keys.',
  'settings.manage': 'Change workspace settings: widget install, identity secret, help center, data exports.',
  'webhooks.manage': 'Register, change and inspect webhook endpoints and their deliveries.',
  'content.manage': 'Create, edit, publish and unpublish articles, guides, pages and uploads.',
  'experiences.manage': 'Create, edit, publish, unpublish and archive in-app experiences.',
  'audit.read': 'Read the workspace audit log.',
  'conversations.manage':
    'Read, answer, note, assign, tag, snooze, resolve and reopen conversations; open tickets; release quarantined ones.',
  'billing.manage': 'Change the plan and payment details.',
  'workspace.delete': 'Delete the workspace and everything in it.',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ROLES = {
  owner: { rank: 30, description: 'Full control, including billing and deleting the workspace.' },
  admin: { rank: 20, description: 'Runs the workspace day to day; no billing, cannot delete it.' },
  member: { rank: 10, description: 'Works in the workspace; manages nothing.' },
} as const;

export type Role = keyof typeof ROLES;

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: Object.keys(PERMISSIONS) as Permission[],
  admin: [
    'workspace.read',
    'members.manage',
    'api_keys.manage',
    'settings.manage',
    'webhooks.manage',
    'content.manage',
    'experiences.manage',
    'audit.read',
    'conversations.manage',
  ],
  member: ['workspace.read', 'conversations.manage'],
};

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
