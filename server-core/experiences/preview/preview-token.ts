import { createHmac } from 'node:crypto';
import { MINUTE } from '../../lib/clock';
import { constantTimeEqual } from '../../lib/crypto';

/** How long a preview link works (docs/decisions/experiences.md#the-preview-link). */
export const PREVIEW_TTL_MS = 30 * MINUTE;

/** The query parameter of the link, consumed by the widget on load. */
export const PREVIEW_PARAM = 'widget_preview';

/**
 * A preview token: `<experience id>.<expires, unix seconds>.<base64url HMAC-SHA256>`, at most 81
 * characters of [0-9a-z._A-Z-], so it travels unescaped in a URL and in a header. The workspace is not
 * in the token but in the MAC: a token checks only against the workspace it was made for.
 */
const TOKEN = /^([0-9a-z]{26})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;
const ID = /^[0-9a-z]{26}$/;

export interface PreviewGrant {
  workspaceId: string;
  experienceId: string;
}

function mac(key: Buffer, grant: PreviewGrant, expires: number): string {
  return createHmac('sha256', key)
    .update(`experience-preview:v1:${grant.workspaceId}:${grant.experienceId}:${expires}`)
    .digest('base64url');
}

/** Signs a preview of one experience of one workspace, valid PREVIEW_TTL_MS from `now` (whole seconds, rounded up). */
export function signPreview(key: Buffer, grant: PreviewGrant, now: Date): { token: string; expiresAt: Date } {
  if (!ID.test(grant.workspaceId) || !ID.test(grant.experienceId)) throw new Error('signPreview: not an id');
  const expires = Math.ceil((now.getTime() + PREVIEW_TTL_MS) / 1000);
  return {
    token: `${grant.experienceId}.${expires}.${mac(key, grant, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export type PreviewCheck =
  | { ok: true; experienceId: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/**
 * Checks a presented token for the workspace the request is for: its shape, then the MAC (constant-time
 * compare), then the expiry (not past, and never further ahead than a token this service issues). The
 * MAC is compared before the expiry is judged, so only the holder of a real token learns it expired.
 */
export function verifyPreview(key: Buffer, token: unknown, workspaceId: string, now: Date): PreviewCheck {
  if (typeof token !== 'string' || token.length > 81) return { ok: false, reason: 'malformed' };
  const m = TOKEN.exec(token);
  if (!m) return { ok: false, reason: 'malformed' };
  const experienceId = m[1]!;
  const expires = Number(m[2]);
  if (!constantTimeEqual(mac(key, { workspaceId, experienceId }, expires), m[3]))
    return { ok: false, reason: 'bad_signature' };
  const nowSeconds = now.getTime() / 1000;
  if (expires <= nowSeconds || expires > Math.ceil(nowSeconds + PREVIEW_TTL_MS / 1000))
    return { ok: false, reason: 'expired' };
  return { ok: true, experienceId, expiresAt: new Date(expires * 1000) };
}

/**
 * The target page with the preview parameter added before the hash; the page's own query is kept byte
 * for byte (an earlier preview parameter included: the widget takes the first one, this one).
 */
export function previewLink(target: URL, token: string): string {
  const href = target.href;
  const hashAt = href.indexOf('#');
  const before = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const q = before.indexOf('?');
  const param = `${PREVIEW_PARAM}=${token}`;
  if (q < 0) return `${before}?${param}${hash}`;
  return `${before.slice(0, q + 1)}${param}${q + 1 < before.length ? `&${before.slice(q + 1)}` : ''}${hash}`;
}
