/**
 * The launcher's styles (its shadow root), adopted as a constructable stylesheet (widget/ui/sheet.ts).
 * The workspace's colours come as custom properties (widget/ui/theme.ts); under 480 px the panel fills
 * the screen. The panel's own styles ship with the panel chunk (widget/chunks/panel/styles.ts).
 */
export const LAUNCHER_CSS = `
.l{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;background:var(--brand);
color:var(--on-brand);cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:grid;place-items:center;padding:0;
transition:transform .15s ease}
.l:hover{transform:scale(1.06)}
.l:focus{outline:none}
.l:focus-visible{box-shadow:0 0 0 3px #fff,0 0 0 6px var(--brand),0 4px 14px rgba(0,0,0,.25)}
.l svg{width:28px;height:28px}
.b{position:absolute;top:-3px;right:-3px;min-width:20px;height:20px;padding:0 5px;box-sizing:border-box;border-radius:10px;
background:#d92d20;color:#fff;font:700 12px/20px system-ui,sans-serif;box-shadow:0 0 0 2px #fff}
.l img{width:32px;height:32px;object-fit:contain;display:block}
.p{position:fixed;right:20px;bottom:88px;width:min(400px,calc(100vw - 40px));height:min(680px,calc(100vh - 112px));
border-radius:16px;overflow:hidden;box-shadow:0 12px 40px rgba(0,0,0,.22),0 2px 6px rgba(0,0,0,.1);background:#f3f5f8;
transform-origin:bottom right}
.p[hidden]{display:none}
.p iframe{border:0;width:100%;height:100%;display:block;color-scheme:light dark}
.left .l,.left .p{left:20px;right:auto}
.left .p{transform-origin:bottom left}
@media (prefers-color-scheme:dark){.p{background:#111317;box-shadow:0 12px 40px rgba(0,0,0,.6),0 0 0 1px #2e333c}}
@media (max-width:479.98px){.p,.left .p{inset:0;width:auto;height:auto;border-radius:0}.p.o~.l{display:none}}
@media (prefers-reduced-motion:reduce){.l{transition:none}}
`;
