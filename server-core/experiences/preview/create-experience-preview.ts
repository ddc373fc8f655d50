import { recordAudit } from '../../audit/record-audit';
import { domainCovers } from '../../automation/domain-covers';
import type { Ctx } from '../../context';
import { DomainError } from '../../lib/errors';
import { MAX_PAGE_URL_CHARS } from '../decision/decide-experiences';
import { requirePreviewable } from './preview-experience';
import { previewLink, signPreview } from './preview-token';

export interface ExperiencePreview {
  experience_id: string;
  /** The target page with `widget_preview=<token>`. */
  url: string;
  expires_at: Date;
}

const badUrl = (rule: string, message: string) =>
  new DomainError('validation_failed', { field: 'url', rule }, message);

/**
 * The target page of a preview: an absolute http(s) URL (no user info) whose host a verified domain of the
 * workspace covers, the rule automation runs by (automation/domain-covers.ts): a preview link only ever
 * points at the workspace's own site.
 */
export async function requirePreviewTarget(ctx: Ctx, raw: string): Promise<URL> {
  let url: URL | null = null;
  try {
    url = raw.length <= MAX_PAGE_URL_CHARS ? new URL(raw) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw badUrl(
      'http_url',
      `url must be an absolute http(s) URL of at most ${MAX_PAGE_URL_CHARS} characters.`,
    );
  const domains = await ctx.db.query<{ domain: string }>(
    `select domain from verified_domains where workspace_id = $1 and status = 'verified'`,
    [ctx.workspaceId],
  );
  if (!domains.some((d) => domainCovers(d.domain, url.hostname)))
    throw badUrl('verified_domain', `${url.hostname} is not covered by a verified domain of the workspace.`);
  return url;
}

/**
 * createExperiencePreview: a link that opens `url` with the experience's draft forced for the browser tab
 * that opens it, for PREVIEW_TTL_MS. 404 for another workspace's experience; 422 for a type or draft that
 * shows nothing (field `experience`) or a page off the workspace's verified domains (field `url`). Audited
 * as experience.preview_created with the page's host and the expiry, never the token (a capability).
 */
export async function createExperiencePreview(
  ctx: Ctx,
  key: Buffer,
  input: { experienceId: string; url: string },
): Promise<ExperiencePreview> {
  const e = await requirePreviewable(ctx, input.experienceId);
  const target = await requirePreviewTarget(ctx, input.url);
  const { token, expiresAt } = signPreview(
    key,
    { workspaceId: ctx.workspaceId, experienceId: e.id },
    ctx.clock.now(),
  );
  await recordAudit(ctx, {
    action: 'experience.preview_created',
    targetType: 'experience',
    targetId: e.id,
    data: { host: target.host, expires_at: expiresAt.toISOString() },
  });
  return { experience_id: e.id, url: previewLink(target, token), expires_at: expiresAt };
}
