import { ABILITIES, type Ability, isAbility } from '../apikeys/abilities';
import { type Permission, type Role, roleHas } from '../members/catalog';

/**
 * OAuth scopes are API abilities (same names, same per-ability check). A scope string is
 * space-separated (RFC 6749 section 3.3).
 */
export function parseScope(value: unknown): { abilities: Ability[]; unknown: string[] } {
  if (typeof value !== 'string') return { abilities: [], unknown: [] };
  const words = [...new Set(value.split(' ').filter((w) => w.length > 0))];
  return {
    abilities: words.filter(isAbility),
    unknown: words.filter((w) => !isAbility(w)),
  };
}

/** Catalog order, space-separated. */
export function formatScope(abilities: readonly Ability[]): string {
  return orderAbilities(abilities).join(' ');
}

export function orderAbilities(abilities: readonly Ability[]): Ability[] {
  const set = new Set(abilities);
  return (Object.keys(ABILITIES) as Ability[]).filter((a) => set.has(a));
}

/**
 * The portal permission a member needs to delegate each ability: reading what the portal shows needs
 * workspace.read; webhooks need webhooks.manage; writing contacts and events (which no portal permission
 * covers) needs api_keys.manage, the permission that could mint a key with it
 * (docs/decisions/oauth.md, What a member can delegate).
 */
export const DELEGATION_PERMISSION: Readonly<Record<Ability, Permission>> = {
  'contacts:read': 'workspace.read',
  'contacts:write': 'api_keys.manage',
  'events:write': 'api_keys.manage',
  'conversations:read': 'workspace.read',
  'experiences:read': 'workspace.read',
  'retrieval:query': 'workspace.read',
  'retrieval:internal': 'workspace.read',
  'guides:read': 'workspace.read',
  'articles:read': 'workspace.read',
  'webhooks:read': 'webhooks.manage',
  'webhooks:write': 'webhooks.manage',
};

export function memberCanDelegate(role: Role, ability: Ability): boolean {
  return roleHas(role, DELEGATION_PERMISSION[ability]);
}

/** Granted = requested ∩ the app's registration ∩ what the member can delegate; the smaller always wins. */
export function grantedScopes(input: {
  requested: readonly Ability[];
  registered: readonly string[];
  role: Role;
}): Ability[] {
  const registered = new Set(input.registered);
  return orderAbilities(input.requested.filter((a) => registered.has(a) && memberCanDelegate(input.role, a)));
}

/** Narrowing only: every scope asked for is held. */
export function isSubset(asked: readonly string[], held: readonly string[]): boolean {
  const set = new Set(held);
  return asked.every((a) => set.has(a));
}
