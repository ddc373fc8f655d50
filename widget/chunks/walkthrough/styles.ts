/**
 * The walkthrough card, the automation panel and the highlight, adopted by their shadow root
 * (constructable stylesheet: CSP-clean). The highlight never takes a click (pointer-events: none). The
 * automation panel sits above the launcher (which stays on top of it), never under it.
 */
export const WALK_CSS = `
:host{--bg:#fff;--fg:#1f2430;--mu:#5b6475;--li:#dfe3ea}
@media (prefers-color-scheme:dark){:host{--bg:#1f2229;--fg:#e9ebf0;--mu:#a2aaba;--li:#3a404b}}
.hl{position:fixed;pointer-events:none;box-sizing:border-box;border:3px solid var(--accent);border-radius:6px;box-shadow:0 0 0 4px #fff8}
.c{position:fixed;left:0;top:0;box-sizing:border-box;width:min(340px,100vw - 16px);padding:14px 16px 12px;border-radius:12px;
background:var(--bg);color:var(--fg);box-shadow:0 12px 32px #0005,0 0 0 1px var(--li);font:14px/1.5 system-ui,sans-serif}
.u{left:auto;top:auto;right:16px;bottom:92px}
p{margin:0 0 8px;white-space:pre-line;overflow-wrap:anywhere}
.n{color:var(--mu);font-size:13px;margin:0 0 4px}
.ph{color:var(--mu)}
.f{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;margin-top:10px}
button{font:inherit;color:inherit;background:none;border:1px solid var(--li);border-radius:8px;padding:5px 12px;cursor:pointer}
.p{background:var(--brand);color:var(--on-brand);border-color:var(--brand)}
:focus{outline:none}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
@media (prefers-reduced-motion:no-preference){.c{animation:in .16s}}
@keyframes in{from{opacity:0}}
`;
