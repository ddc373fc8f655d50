import type { Ctx } from '../context';
import { sha256Hex } from '../lib/crypto';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { type Ability, expandAbilities, isAbility } from './abilities';
import { generateApiKey } from './key-format';

export interface ApiKeyMetadata {
  id: string;
  name: string;
  abilities: Ability[];
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
}

export const API_KEY_COLUMNS =
  'id, name, abilities, key_prefix, created_at, last_used_at, expires_at, revoked_at';

export interface CreateApiKeyInput {
  name: string;
  abilities: readonly string[];
  expiresAt?: Date | null;
}

/** Creates a key; the plaintext is returned here once and only its hash is kept. */
export async function createApiKey(
  ctx: Ctx,
  input: CreateApiKeyInput,
): Promise<{ key: ApiKeyMetadata; plaintext: string }> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100)
    throw new DomainError('validation_failed', { field: 'name' }, 'name has 1 to 100 characters.');
  const unknown = input.abilities.filter((a) => !isAbility(a));
  if (unknown.length > 0 || input.abilities.length === 0) {
    throw new DomainError(
      'validation_failed',
      {
        field: 'abilities',
        unknown,
      },
      'abilities must be a non-empty list of known abilities.',
    );
  }
  const now = ctx.clock.now();
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('validation_failed', { field: 'expires_at' }, 'expires_at must be in the future.');
  }
  const { plaintext, prefix } = generateApiKey(ctx.workspaceId);
  const [key] = await ctx.db.query<ApiKeyMetadata>(
    `insert into api_keys (workspace_id, id, name, abilities, key_prefix, key_hash, created_by, created_at, expires_at)
     values ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9) returning ${API_KEY_COLUMNS}`,
    [
      ctx.workspaceId,
      newId(now),
      name,
      expandAbilities(input.abilities as Ability[]),
      prefix,
      sha256Hex(plaintext),
      ctx.actor.type === 'user' ? ctx.actor.id : null,
      now,
      input.expiresAt ?? null,
    ],
  );
  return { key: key!, plaintext };
}
