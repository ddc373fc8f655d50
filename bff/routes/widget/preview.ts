import type { Context } from 'hono';
import type { IndexedExperience } from '../../../server-core/experiences/decision/experience-index';
import { loadPreviewExperience } from '../../../server-core/experiences/preview/preview-experience';
import { verifyPreview } from '../../../server-core/experiences/preview/preview-token';
import { notFound } from '../../../server-core/lib/errors';
import { PREVIEW_HEADER } from '../../contract/experience-preview';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** The preview a widget request carries: the experience and when it ends, or null. */
export interface PreviewOn {
  experienceId: string;
  expiresAt: Date;
}

/**
 * The experience previewed in this tab (docs/decisions/experiences.md#the-preview-link): the X-Widget-Preview
 * header checked against the visitor's workspace; a missing, malformed, forged, foreign or expired token is
 * no preview (the request is answered as without it, so a stale tab never breaks its widget).
 */
export function previewOf(c: Context<AppEnv>, services: Services): PreviewOn | null {
  const visitor = c.get('visitor');
  const token = c.req.header(PREVIEW_HEADER);
  if (!visitor || token === undefined) return null;
  const check = verifyPreview(
    services.keys.experiencePreview,
    token,
    visitor.workspaceId,
    services.clock.now(),
  );
  return check.ok ? { experienceId: check.experienceId, expiresAt: check.expiresAt } : null;
}

/** The previewed draft for the decision; null without a preview or when it is no longer previewable. */
export async function previewedDraft(
  c: Context<AppEnv>,
  services: Services,
  on: PreviewOn | null,
): Promise<IndexedExperience | null> {
  return on ? loadPreviewExperience(requestCtx(c, services), on.experienceId) : null;
}

/**
 * The draft a widget write names, when it is the previewed one (version id = experience id, see
 * preview-writes.ts): the write is answered without being stored. null: not a preview write (the normal
 * path runs, and finds no version with that id). A preview whose experience went: 404.
 */
export async function previewWriteTarget(
  c: Context<AppEnv>,
  services: Services,
  versionId: string,
): Promise<IndexedExperience | null> {
  const on = previewOf(c, services);
  if (!on || on.experienceId !== versionId) return null;
  const e = await loadPreviewExperience(requestCtx(c, services), on.experienceId);
  if (!e) throw notFound('experience version');
  return e;
}
