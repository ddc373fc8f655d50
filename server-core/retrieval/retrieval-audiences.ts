import type { Ability } from '../apikeys/abilities';
import { AUDIENCES, type Audience } from './types';

/** Without filters.audiences a query searches these (internal only when asked for and permitted). */
export const DEFAULT_AUDIENCES: readonly Audience[] = ['public', 'customers'];

/** What a credential may see: public and customers; internal needs `retrieval:internal`. */
export function permittedAudiences(abilities: readonly Ability[]): Audience[] {
  return abilities.includes('retrieval:internal') ? [...AUDIENCES] : ['public', 'customers'];
}

/**
 * The audiences a query applies: those asked for (or the default), narrowed to the permitted set, in
 * catalog order. Asking only for what the credential may not see leaves nothing (an empty answer, not
 * an error: the audience set is a filter, and a refusal would tell nothing the key could not know).
 */
export function applyAudiences(
  requested: readonly Audience[] | undefined,
  abilities: readonly Ability[],
): Audience[] {
  const asked = new Set(requested ?? DEFAULT_AUDIENCES);
  const permitted = permittedAudiences(abilities);
  return AUDIENCES.filter((a) => asked.has(a) && permitted.includes(a));
}
