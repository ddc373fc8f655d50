import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Embedder } from '../retrieval/types';
import type { GuideFields } from './create-guide';
import { type Guide, loadGuide, type StepInput } from './guide';
import { guideDocument } from './guide-document';
import { writeGuideSteps } from './write-guide-steps';

export type UpdateGuideInput = Partial<GuideFields> & { steps?: StepInput[] };

/**
 * Changes the fields given (omitted ones stay); `steps`, when given, replaces the whole list. A
 * published guide is re-indexed in the same transaction (share mode and steps included).
 */
export async function updateGuide(
  ctx: Ctx,
  guideId: string,
  input: UpdateGuideInput,
  deps: { embedder: Embedder },
): Promise<Guide> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await loadGuide(db, ctx.workspaceId, guideId, true);
    if (!current) throw notFound('guide');
    const pick = <K extends keyof GuideFields>(k: K): GuideFields[K] =>
      input[k] === undefined ? current[k] : (input[k] as GuideFields[K]);
    const brand = pick('brand');
    const capture = pick('capture');
    await db.query(
      `update guides set title = $3, description = $4, share_mode = $5, language = $6, brand_profile_id = $7,
         brand = $8::jsonb, capture_session_id = $9, capture = $10::jsonb, updated_at = $11
       where workspace_id = $1 and id = $2`,
      [
        ctx.workspaceId,
        guideId,
        pick('title'),
        pick('description'),
        pick('share_mode'),
        pick('language'),
        pick('brand_profile_id'),
        brand === null ? null : JSON.stringify(brand),
        pick('capture_session_id'),
        capture === null ? null : JSON.stringify(capture),
        now,
      ],
    );
    if (input.steps !== undefined) await writeGuideSteps(tctx, guideId, input.steps);
    const guide = (await loadGuide(db, ctx.workspaceId, guideId))!;
    if (guide.status === 'published') await replaceSourceChunks(tctx, guideDocument(guide), deps.embedder);
    return guide;
  });
}
