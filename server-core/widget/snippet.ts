/**
 * The install snippet (spec widget.md section 1): one script element sets $widget to an empty array
 * and WIDGET_WEBSITE_ID, one loads l.js asynchronously from the widget CDN. Null while no CDN is set.
 */
export function buildSnippet(cdnUrl: string | null, websiteId: string): string | null {
  if (!cdnUrl) return null;
  const id = JSON.stringify(websiteId).replace(/</g, '\\u003c');
  const src = `${cdnUrl.replace(/\/+$/, '')}/l.js`
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
  return `<script>window.$widget=[];window.WIDGET_WEBSITE_ID=${id};</script>\n<script async src="${src}"></script>`;
}
