import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { type AuthoredExperience, loadAuthored } from './authored-experience';
import { checkDefinition, withIds } from './check-definition';
import { DEFINITION_LIMITS, type DefinitionInput, emptyDefinition } from './definition';
import type { ExperienceType } from './experience';
import { chooseExperienceSlug } from './experience-slug';

/** The name an experience is listed under: 1 to 120 characters once trimmed. */
export function checkExperienceName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > DEFINITION_LIMITS.nameChars)
    throw new DomainError(
      'validation_failed',
      { field: 'name', max: DEFINITION_LIMITS.nameChars },
      `name has 1 to ${DEFINITION_LIMITS.nameChars} characters.`,
    );
  return trimmed;
}

/**
 * Creates an experience as a draft. The draft is checked in full (every rule, each named by its path) and
 * gets ids on its steps, sections, items and questions; tours, programs and surveys may leave it out (their
 * empty definition). A slug left out is derived from the name.
 */
export async function createExperience(
  ctx: Ctx,
  input: { type: ExperienceType; name: string; slug?: string; draft?: DefinitionInput },
): Promise<AuthoredExperience> {
  const now = ctx.clock.now();
  const name = checkExperienceName(input.name);
  const given = input.draft ?? emptyDefinition(input.type);
  if (!given)
    throw new DomainError(
      'validation_failed',
      { field: 'draft', rule: 'required' },
      `A ${input.type} needs a draft with its content.`,
    );
  const draft = withIds(input.type, given, now);
  checkDefinition(input.type, draft);
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const slug = await chooseExperienceSlug(tctx, { slug: input.slug, name });
    const id = newId(now);
    await db.query(
      `insert into experiences (workspace_id, id, type, name, slug, status, draft, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'draft', $6::jsonb, $7, $7)`,
      [ctx.workspaceId, id, input.type, name, slug, JSON.stringify(draft), now],
    );
    return loadAuthored(db, ctx.workspaceId, id);
  });
}
