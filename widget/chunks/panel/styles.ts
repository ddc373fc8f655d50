/**
 * The panel document's styles (adopted by renderPanel, so they load with the panel chunk, not the
 * entry). Colours: the workspace's as custom properties (widget/ui/theme.ts), the rest by
 * prefers-color-scheme.
 */
export const PANEL_CSS = `
:root{color-scheme:light dark;--bg:#fff;--soft:#f3f5f8;--card:#fff;--fg:#1f2430;--muted:#5b6475;--line:#e3e7ee;
--hover:#f1f4f8}
@media (prefers-color-scheme:dark){:root{--bg:#17191e;--soft:#111317;--card:#1f2229;--fg:#e9ebf0;--muted:#a2aaba;
--line:#30353f;--hover:#292d35}}
*{box-sizing:border-box}
html,body{height:100%}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--soft)}
button{font:inherit;color:inherit}
:focus{outline:none}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
[tabindex="-1"]:focus-visible{outline:none}
.panel{display:flex;flex-direction:column;height:100%}
.top{background:var(--brand);color:var(--on-brand);padding:12px 12px 12px 16px}
.home .top{padding-bottom:22px}
.top :focus-visible{outline-color:currentColor}
.bar{display:flex;align-items:center;gap:6px;min-height:36px}
h1{flex:1;margin:0;font-size:16px;font-weight:650;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.logo{height:28px;width:auto;max-width:150px;display:block}
.icon{background:none;border:0;padding:7px;border-radius:10px;cursor:pointer;display:grid;place-items:center}
.icon:hover{background:rgba(128,128,128,.22)}
svg{width:20px;height:20px;flex:none}
.hello{margin:26px 4px 0 0;font-size:26px;line-height:1.2;font-weight:700;overflow-wrap:anywhere}
.own{font-size:22px}
.hello span{display:block}
.hello span+span{opacity:.8;margin-top:2px}
.body{flex:1;overflow:auto;overscroll-behavior:contain;padding:16px}
.home .body{padding-top:0;background:linear-gradient(var(--brand) 24px,transparent 0) local}
.tabbed.home .top{padding-bottom:16px}
.tabbed.home .body{padding-top:16px;background:none}
.reading .body{background:var(--bg)}
.card{background:var(--card);border-radius:12px;box-shadow:0 1px 2px rgba(0,0,0,.06),0 0 0 1px var(--line)}
.card+.card{margin-top:12px}
search{display:flex;align-items:center;gap:10px;padding:0 14px}
.home search{box-shadow:0 6px 18px rgba(0,0,0,.12),0 0 0 1px var(--line)}
search svg{color:var(--accent)}
search:focus-within{box-shadow:0 0 0 2px var(--accent)}
input{flex:1;min-width:0;border:0;background:none;padding:14px 0;font:inherit;color:var(--fg);outline:none}
input:focus-visible{outline:none}
input::placeholder{color:var(--muted)}
.status{color:var(--muted);font-size:13px;margin:12px 4px 8px}
.status:empty{margin:6px 0}
.hits{list-style:none;margin:0;padding:4px 0}
.hits li+li{border-top:1px solid var(--line)}
.hit{display:flex;align-items:center;gap:12px;width:100%;text-align:left;background:none;border:0;padding:12px 14px;
cursor:pointer}
.hit:hover{background:var(--hover)}
.hit:focus-visible{outline-offset:-2px;border-radius:12px}
.hit span{flex:1;min-width:0}
.hit b{display:block;font-weight:600}
.hit small{display:block;color:var(--muted);font-size:13px;margin-top:2px}
.hit svg,.entry svg{width:16px;height:16px;color:var(--accent)}
.entry{display:flex;align-items:center;width:100%;border:0;padding:14px;font-weight:600;cursor:pointer;text-align:left}
.entry span{flex:1}
.empty{padding:22px 18px;text-align:center}
.empty p{margin:0 0 14px;color:var(--muted)}
.empty svg{width:28px;height:28px;color:var(--muted);margin-bottom:6px}
.btn{border:0;border-radius:999px;padding:8px 16px;margin:2px 4px;font-weight:600;cursor:pointer;background:var(--brand);
color:var(--on-brand)}
.btn.alt,.fb button{background:none;color:var(--accent);box-shadow:inset 0 0 0 1.5px var(--accent)}
article h2{font-size:21px;line-height:1.3;margin:2px 0 4px}
.meta{color:var(--muted);font-size:13px;margin:0 0 16px}
.prose{overflow-wrap:anywhere}
.prose a{color:var(--accent);text-decoration:underline;text-underline-offset:2px}
.prose code{background:var(--hover);padding:1px 5px;border-radius:4px;font-size:.9em}
.prose h3{font-size:17px;margin:20px 0 6px}
.prose h4{font-size:15px;margin:16px 0 4px}
.prose ul,.prose ol{padding-left:22px}
.prose li{margin:4px 0}
.fb{margin:24px 0 8px;padding:16px;text-align:center;background:var(--soft);border:0;border-radius:12px;min-width:0}
legend{float:left;width:100%;padding:0;margin:0 0 10px;font-weight:600}
.fb button{border:0;border-radius:999px;min-width:86px;padding:7px 16px;margin:0 5px;font-weight:600;cursor:pointer}
.fb button[aria-pressed=true]{background:var(--accent);color:var(--bg)}
.fb .status{margin:10px 0 0}
.tabs{display:flex;background:var(--bg);border-bottom:1px solid var(--line);padding:0 8px}
.news h2{font-size:13px;margin:0;padding:12px 14px 0;color:var(--muted);font-weight:600}
.unread{font-style:normal;color:var(--accent);font-weight:600;margin-left:8px}
.unread::before{content:"";display:inline-block;width:7px;height:7px;border-radius:50%;background:currentColor;margin-right:4px}
.nb{white-space:pre-line}
article>.btn{margin:0 0 12px}
[role=tab]{flex:1;background:none;border:0;border-bottom:3px solid transparent;padding:10px 6px;cursor:pointer;
color:var(--muted)}
[role=tab][aria-selected=true]{color:var(--accent);border-bottom-color:var(--accent);font-weight:600}
[role=tab]:focus-visible{outline-offset:-3px}
.btn.wide{display:block;width:100%;margin:0;padding:12px 16px}
.chat{display:flex;flex-direction:column;min-height:100%}
.thread .status:last-child{margin-bottom:0}
.back{display:flex;align-items:center;gap:4px;align-self:flex-start;background:none;border:0;padding:4px 8px 4px 0;
color:var(--accent);font-weight:600;cursor:pointer;border-radius:8px}
.back svg{width:18px;height:18px}
.msgs{list-style:none;margin:8px 0 0;padding:0;display:flex;flex-direction:column;gap:10px}
.msgs li{max-width:85%;align-self:flex-start}
.msgs li.me{align-self:flex-end;text-align:right}
.msgs li.system{align-self:center;text-align:center;color:var(--muted);font-size:13px}
.msgs small{display:block;color:var(--muted);font-size:12px;margin:0 4px 2px}
.msgs p{margin:0;padding:9px 13px;border-radius:16px;background:var(--card);box-shadow:0 0 0 1px var(--line);
white-space:pre-wrap;overflow-wrap:anywhere;text-align:left}
.msgs .me p{background:var(--brand);color:var(--on-brand);box-shadow:none}
.msgs .system p{background:none;box-shadow:none}
.msgs .file{display:inline-flex;flex-wrap:wrap;align-items:center;gap:2px 8px;color:var(--fg)}
.msgs a.file{color:var(--accent);text-decoration:underline;text-underline-offset:2px}
.file svg{width:16px;height:16px}
.file em{flex-basis:100%;font-style:normal;color:var(--muted);font-size:13px}
.file.blocked em{color:#d92d20;font-weight:600}
@media (prefers-color-scheme:dark){.file.blocked em{color:#ff8a80}}
.msgs .me .file{background:var(--card);color:var(--fg)}
.preview img{display:block;max-width:100%;max-height:220px;border-radius:12px;box-shadow:0 0 0 1px var(--line)}
.composer{display:flex;align-items:flex-end;gap:4px;margin-top:auto;padding:6px 6px 6px 12px;position:sticky;bottom:0}
.msgs+.status,.csat{margin-top:12px}
.composer:focus-within{box-shadow:0 0 0 2px var(--accent)}
.composer .icon{color:var(--accent)}
.composer .icon:disabled{opacity:.5;cursor:default}
textarea{flex:1;min-width:0;border:0;background:none;resize:none;padding:8px 0;font:inherit;color:var(--fg);outline:none;
max-height:140px}
textarea::placeholder{color:var(--muted)}
.csat{padding:14px;margin-bottom:12px;text-align:center}
.csat p{margin:0 0 10px;font-weight:600}
.csat label{display:inline-block;margin:0 3px}
.csat input{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.csat label span{display:grid;place-items:center;width:38px;height:38px;border-radius:50%;cursor:pointer;font-weight:600;
box-shadow:inset 0 0 0 1.5px var(--accent);color:var(--accent)}
.csat input:checked+span{background:var(--accent);color:var(--bg)}
.csat input:focus-visible+span{outline:2px solid var(--accent);outline-offset:2px}
.csat .btn{margin-top:12px}
.csat .btn:disabled{opacity:.5;cursor:default}
`;
