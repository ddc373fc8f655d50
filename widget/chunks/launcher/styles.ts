/**
 * The launchers' styles, adopted by their shadow root (constructable stylesheet: CSP-clean). Positions
 * are set by widget/ui/position.ts through the CSSOM; `.w` hides a launcher until its first placement.
 */
export const LAUNCHER_CSS = `
.k{position:fixed;left:0;top:0;box-sizing:border-box;margin:0;border:0;padding:0;cursor:pointer;
background:var(--brand);color:var(--on-brand);font:600 13px/1 system-ui,sans-serif;box-shadow:0 2px 8px #0003}
.w{visibility:hidden}
.beacon{width:16px;height:16px;border-radius:50%}
.beacon::after{content:'';position:absolute;inset:0;border-radius:50%;background:inherit}
.icon{width:22px;height:22px;border-radius:50%}
.button{padding:7px 12px;border-radius:8px}
.k:focus{outline:none}
.k:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.t{position:fixed;left:0;top:0;box-sizing:border-box;max-width:min(280px,100vw - 16px);padding:8px 12px;border-radius:8px;
background:#1f2430;color:#fff;font:13px/1.45 system-ui,sans-serif;box-shadow:0 6px 20px #0004;white-space:pre-line;
overflow-wrap:anywhere}
@media (prefers-color-scheme:dark){.t{background:#e9ebf0;color:#1f2430}}
@media (prefers-reduced-motion:no-preference){.beacon::after{animation:p 1.6s ease-out infinite}}
@keyframes p{to{transform:scale(2.4);opacity:0}}
`;
