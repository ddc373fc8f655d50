/**
 * The banners' styles, adopted by each banner element's shadow root (constructable stylesheet: CSP-clean).
 * The workspace's colours come as custom properties (widget/ui/theme.ts).
 */
export const BANNER_CSS = `
:host{display:block}
.b{display:flex;align-items:center;gap:12px;box-sizing:border-box;width:100%;padding:10px 16px;background:var(--brand);
color:var(--on-brand);font:14px/1.45 system-ui,sans-serif}
p{flex:1;margin:0;white-space:pre-line;overflow-wrap:anywhere}
a,button{font:inherit;color:inherit;cursor:pointer}
.c{flex:none;padding:5px 12px;border:1px solid currentColor;border-radius:8px;background:none;text-decoration:none}
.x{flex:none;width:28px;height:28px;padding:0;border:0;border-radius:6px;background:none;font-size:18px;line-height:1}
:focus{outline:none}
:focus-visible{outline:2px solid currentColor;outline-offset:2px}
`;
