import type { Ctx } from '../context';
import { type AuthoredExperience, assertNotArchived, loadAuthored } from './authored-experience';
import { checkDefinition, withIds } from './check-definition';
import { checkExperienceName } from './create-experience';
import type { DefinitionInput } from './definition';
import type { ExperienceType } from './experience';
import { chooseExperienceSlug } from './experience-slug';

/**
 * Changes an experience's name, slug or draft (omitted fields are left alone). The draft replaces the whole
 * definition and is checked in full; the live version does not change until the next publish. An
 * archived experience answers 409 experience_archived. An edit announces nothing.
 */
export async function updateExperience(
  ctx: Ctx,
  experienceId: string,
  input: {
    name?: string;
    slug?: string;
    /** The new draft, or a function of the experience's type giving it (a caller that checks its shape by type). */
    draft?: DefinitionInput | ((type: ExperienceType) => DefinitionInput);
  },
): Promise<AuthoredExperience> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await loadAuthored(db, ctx.workspaceId, experienceId, true);
    assertNotArchived(current);
    const name = input.name === undefined ? current.name : checkExperienceName(input.name);
    const slug =
      input.slug === undefined || input.slug === current.slug
        ? current.slug
        : await chooseExperienceSlug(tctx, { slug: input.slug, name, exceptId: current.id });
    let draft = current.draft;
    if (input.draft !== undefined) {
      const given = typeof input.draft === 'function' ? input.draft(current.type) : input.draft;
      draft = withIds(current.type, given, now);
      checkDefinition(current.type, draft);
    }
    await db.query(
      `update experiences set name = $3, slug = $4, draft = $5::jsonb, updated_at = $6
       where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, current.id, name, slug, JSON.stringify(draft), now],
    );
    return loadAuthored(db, ctx.workspaceId, current.id);
  });
}
