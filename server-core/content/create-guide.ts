import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import type { ShareMode } from './audience';
import { type Guide, type GuideBrand, type GuideCapture, loadGuide, type StepInput } from './guide';
import { writeGuideSteps } from './write-guide-steps';

export interface GuideFields {
  title: string;
  description: string | null;
  share_mode: ShareMode;
  language: string;
  brand_profile_id: string | null;
  brand: GuideBrand | null;
  capture_session_id: string | null;
  capture: GuideCapture | null;
}

export interface CreateGuideInput extends GuideFields {
  steps: StepInput[];
}

/** A new draft guide with its steps (not indexed, not readable outside the portal until published). */
export async function createGuide(ctx: Ctx, input: CreateGuideInput): Promise<Guide> {
  const now = ctx.clock.now();
  const id = newId(now);
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    await db.query(
      `insert into guides (workspace_id, id, title, description, status, share_mode, language, brand_profile_id, brand,
         capture_session_id, capture, created_at, updated_at)
       values ($1, $2, $3, $4, 'draft', $5, $6, $7, $8::jsonb, $9, $10::jsonb, $11, $11)`,
      [
        ctx.workspaceId,
        id,
        input.title,
        input.description,
        input.share_mode,
        input.language,
        input.brand_profile_id,
        input.brand === null ? null : JSON.stringify(input.brand),
        input.capture_session_id,
        input.capture === null ? null : JSON.stringify(input.capture),
        now,
      ],
    );
    await writeGuideSteps(tctx, id, input.steps);
    return (await loadGuide(db, ctx.workspaceId, id))!;
  });
}
