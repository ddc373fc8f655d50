export const LAUNCHER_CSS = `
.l{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;background:#1f5fa8;color:#fff;
cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:grid;place-items:center;padding:0}
.l:focus-visible{outline:3px solid #9cc3f5;outline-offset:2px}
.l svg{width:28px;height:28px}
.l img{width:32px;height:32px;object-fit:contain;display:block}
.p{position:fixed;right:20px;bottom:88px;width:min(380px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));
border-radius:12px;overflow:hidden;box-shadow:0 8px 30px rgba(0,0,0,.25);background:#fff}
.p[hidden]{display:none}
.p iframe{border:0;width:100%;height:100%;display:block}
`;

export const PANEL_CSS = `
*{box-sizing:border-box}
html,body{height:100%}
body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2430;background:#fff}
.panel{display:flex;flex-direction:column;height:100%}
header{display:flex;align-items:center;gap:10px;padding:12px 14px;background:#1f5fa8;color:#fff}
header .logo{height:28px;width:auto;max-width:120px;border-radius:4px;background:#fff;padding:2px}
h1{font-size:16px;margin:0;flex:1}
button{font:inherit}
button.x{background:none;border:0;color:inherit;font-size:22px;line-height:1;cursor:pointer;padding:4px 8px;border-radius:6px}
button.x:focus-visible{outline:2px solid #fff}
.tabs{display:flex;border-bottom:1px solid #dde1e8;padding:0 8px}
[role=tab]{flex:1;background:none;border:0;border-bottom:3px solid transparent;padding:10px 6px;cursor:pointer;color:#4a5263}
[role=tab][aria-selected=true]{color:#1f5fa8;border-bottom-color:#1f5fa8;font-weight:600}
[role=tab]:focus-visible{outline:2px solid #1f5fa8;outline-offset:-2px}
.tabpanel{flex:1;overflow:auto;padding:14px 16px}
input[type=search]{width:100%;padding:9px 12px;border:1px solid #c5cbd6;border-radius:8px;font:inherit}
input[type=search]:focus{outline:2px solid #1f5fa8;border-color:#1f5fa8}
.status{color:#5b6475;font-size:13px;margin:8px 0;min-height:1em}
.hits{list-style:none;margin:0;padding:0}
.hits li{padding:10px 0;border-bottom:1px solid #eef0f4}
.hits button{background:none;border:0;padding:0;color:#1f5fa8;font-weight:600;cursor:pointer;text-align:left}
.hits button:hover{text-decoration:underline}
.hits p{margin:2px 0 0;color:#5b6475;font-size:13px}
.back{background:none;border:0;padding:0;color:#1f5fa8;cursor:pointer;margin-bottom:8px}
.article h2{font-size:18px;margin:4px 0 10px}
.article h2:focus{outline:none}
.article code{background:#f1f3f6;padding:0 4px;border-radius:4px}
.empty{text-align:center;color:#5b6475;padding:40px 12px}
.empty h2{font-size:17px;color:#1f2430;margin:0 0 6px}
`;
