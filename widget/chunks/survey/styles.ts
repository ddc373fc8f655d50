/**
 * The survey card's styles, adopted by its shadow root (constructable stylesheet, CSP-clean, as the
 * tour's), shipped in the survey chunk. Colours: the workspace's custom properties (widget/ui/theme.ts).
 * Radios and checkboxes stay native (keyboard, names), drawn as pills around their visually hidden input.
 */
export const SURVEY_CSS = `
:host{--bg:#fff;--fg:#1f2430;--mu:#5b6475;--li:#dfe3ea}
@media (prefers-color-scheme:dark){:host{--bg:#1f2229;--fg:#e9ebf0;--mu:#a2aaba;--li:#3a404b}}
.bd{position:fixed;inset:0;background:#0c0f168c}
.c{position:fixed;right:20px;bottom:88px;box-sizing:border-box;width:min(360px,100vw - 16px);padding:16px 18px;
border-radius:12px;background:var(--bg);color:var(--fg);box-shadow:0 12px 32px #0005,0 0 0 1px var(--li);
font:14px/1.5 system-ui,sans-serif}
.m{left:50%;top:50%;bottom:auto;right:auto;transform:translate(-50%,-50%);width:min(440px,100vw - 24px)}
p{margin:0 30px 4px 0;overflow-wrap:anywhere;white-space:pre-line}
.qp{font-weight:600;font-size:15px}
.n,.e{color:var(--mu);font-size:12px}
button,textarea,label{font:inherit;color:inherit;background:none;border:1px solid var(--li);border-radius:8px;padding:5px 12px;cursor:pointer}
.x{position:absolute;top:10px;right:10px;border:0;padding:5px;width:26px}
.p{display:block;margin:12px 0 0 auto}
.p,[aria-disabled=true]{opacity:.5}
:focus{outline:none}
:focus-visible,label:has(:focus-visible){outline:2px solid var(--accent);outline-offset:2px}
fieldset{border:0;margin:0;padding:0;min-width:0}
.r{display:flex;gap:4px}
.r label{flex:1;text-align:center}
label{position:relative;display:block;padding:4px 2px}
.o label{text-align:left;padding:6px 10px;margin-bottom:6px}
.o .r{display:block}
input{position:absolute;opacity:0;inset:0;margin:0}
.e{display:flex;justify-content:space-between}
textarea{box-sizing:border-box;width:100%}
`;
