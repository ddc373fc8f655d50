/**
 * API key abilities. The spec fixes the retrieval, guide, article, webhook and events ones; the
 * contact, conversation and experience ones are ours (docs/decisions/auth-and-sessions.md, Abilities).
 */
export const ABILITIES = {
  'contacts:read': 'List and read contacts, their events and their experience ledger.',
  'contacts:write': 'Create, upsert and update contacts; includes events:write.',
  'events:write': 'Ingest contact events.',
  'conversations:read': 'List and read conversations (read only in v1).',
  'experiences:read': 'List and read in-app experiences and their progress rows.',
  'retrieval:query': 'Query knowledge retrieval (public and customers audiences).',
  'retrieval:internal': 'See internal chunks, private guides and internal articles.',
  'guides:read': 'Read published guides.',
  'articles:read': 'Read published articles.',
  'webhooks:read': 'List webhook event types and webhooks.',
  'webhooks:write': 'Create and delete webhooks.',
} as const;

export type Ability = keyof typeof ABILITIES;

export const ALL_ABILITIES = Object.keys(ABILITIES) as Ability[];

/** Abilities granted together with another (spec: events:write comes with managing contacts). */
const IMPLIED: Partial<Record<Ability, Ability[]>> = { 'contacts:write': ['events:write'] };

export function isAbility(value: unknown): value is Ability {
  return typeof value === 'string' && Object.hasOwn(ABILITIES, value);
}

/** The stored set: as asked, plus what each implies, de-duplicated in catalog order. */
export function expandAbilities(requested: readonly Ability[]): Ability[] {
  const set = new Set<Ability>(requested);
  for (const a of requested) for (const implied of IMPLIED[a] ?? []) set.add(implied);
  return ALL_ABILITIES.filter((a) => set.has(a));
}
