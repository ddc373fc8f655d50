/** The bubble above the launcher (constructable stylesheet: CSP-clean); colours from widget/ui/theme.ts. */
export const BUBBLE_CSS = `
.q{display:flex;align-items:flex-start;gap:4px;box-sizing:border-box;max-width:min(320px,calc(100vw - 40px));
padding:4px;border-radius:12px;background:#fff;color:#111;box-shadow:0 6px 24px rgba(0,0,0,.18);
font:14px/1.45 system-ui,sans-serif}
button{font:inherit;color:inherit;cursor:pointer;border:0;background:none}
.m{flex:1;padding:8px 10px;text-align:left;white-space:pre-line;overflow-wrap:anywhere;border-radius:8px}
.m:hover{background:rgba(0,0,0,.05)}
.x{flex:none;width:28px;height:28px;padding:0;border-radius:6px;font-size:18px;line-height:1}
:focus{outline:none}
:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
`;
