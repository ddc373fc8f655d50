/**
 * The tour's styles, adopted by its shadow root (constructable stylesheet: no inline style, CSP-clean),
 * shipped in the tour chunk. The workspace's colours come as custom properties (widget/ui/theme.ts); the
 * rest follows prefers-color-scheme. Positions of an anchored step and its arrow are set by place.ts
 * through the CSSOM; a modal step is centred here.
 */
export const TOUR_CSS = `
:host{--bg:#fff;--fg:#1f2430;--mu:#5b6475;--li:#dfe3ea}
@media (prefers-color-scheme:dark){:host{--bg:#1f2229;--fg:#e9ebf0;--mu:#a2aaba;--li:#3a404b}}
.bd{position:fixed;inset:0;background:#0c0f168c}
.s{position:fixed;left:0;top:0;box-sizing:border-box;width:min(340px,100vw - 16px);padding:16px 18px 14px;border-radius:12px;
background:var(--bg);color:var(--fg);box-shadow:0 12px 32px #0005,0 0 0 1px var(--li);font:14px/1.5 system-ui,sans-serif}
.m{left:50%;top:50%;transform:translate(-50%,-50%);width:min(420px,100vw - 24px)}
h2{margin:0 30px 6px 0;font-size:16px;line-height:1.35}
p{margin:0;white-space:pre-line;overflow-wrap:anywhere}
#tb{max-height:40vh;overflow:auto}
button,textarea{font:inherit;color:inherit;background:none;border:1px solid var(--li);border-radius:8px;padding:5px 12px}
button{cursor:pointer}
.p,[aria-pressed=true]{background:var(--brand);color:var(--on-brand);border-color:var(--brand)}
.x{position:absolute;top:10px;right:10px;border:0;padding:5px;width:26px}
.k{border:0;padding:5px 4px}
.k,.n{color:var(--mu)}
:focus{outline:none}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.f{display:flex;align-items:center;gap:8px;margin-top:14px}
.n{margin-right:auto;font-size:13px}
fieldset{border:0;margin:12px 0 0;padding:0;min-width:0}
legend{padding:0;font-weight:600}
.r{display:flex;gap:6px;margin:8px 0}
.r button{flex:1}
textarea{box-sizing:border-box;width:100%;padding:6px 8px}
.ar{position:absolute;width:12px;height:12px;background:inherit;transform:rotate(45deg)}
@media (prefers-reduced-motion:no-preference){.s{animation:in .16s}}
@keyframes in{from{opacity:0}}
`;
