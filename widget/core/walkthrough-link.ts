/**
 * The walkthrough deep link (docs/decisions/walkthroughs.md#the-deep-link): `?widget_walkthrough=<guideId>`
 * or `?cairn_walkthrough=<guideId>`, consumed once at boot. takeDeepLink answers the guide id and the URL
 * without those parameters: the other parameters are kept byte for byte (not re-encoded), the hash too.
 */
export const LINK_PARAMS = ['widget_walkthrough', 'cairn_walkthrough'];

/**
 * With `params` it takes another link parameter the same way (the experience preview's `widget_preview`,
 * docs/decisions/experiences.md#the-preview-link); `guideId` is then that parameter's value.
 */
export function takeDeepLink(href: string, params = LINK_PARAMS): { guideId: string; href: string } | null {
  const hashAt = href.indexOf('#');
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const q = beforeHash.indexOf('?');
  if (q < 0) return null;
  let guideId: string | null = null;
  const kept: string[] = [];
  for (const part of beforeHash.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    let key = eq < 0 ? part : part.slice(0, eq);
    let value = eq < 0 ? '' : part.slice(eq + 1);
    try {
      key = decodeURIComponent(key.replace(/\+/g, ' '));
      value = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      kept.push(part);
      continue;
    }
    if (params.includes(key)) guideId ??= value;
    else if (part) kept.push(part);
  }
  if (guideId === null) return null;
  return { guideId, href: beforeHash.slice(0, q) + (kept.length ? `?${kept.join('&')}` : '') + hash };
}
