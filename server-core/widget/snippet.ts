/**
 * The install snippet (spec widget.md section 1): one script element sets $widget to an empty array
 * and WIDGET_WEBSITE_ID, one loads l.js asynchronously from the widget CDN. Null while no CDN is set.
 * A page with a nonce-based CSP puts its nonce on both elements (`nonce`); l.js hands it on.
 */
export function buildSnippet(
  cdnUrl: string | null,
  websiteId: string,
  opts: { nonce?: string } = {},
): string | null {
  if (!cdnUrl) return null;
  const id = JSON.stringify(websiteId).replace(/</g, '\\u003c');
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const src = attr(`${cdnUrl.replace(/\/+$/, '')}/l.js`);
  const nonce = opts.nonce ? ` nonce="${attr(opts.nonce)}"` : '';
  return `<script${nonce}>window.$widget=[];window.WIDGET_WEBSITE_ID=${id};</script>\n<script async${nonce} src="${src}"></script>`;
}
