export const LAUNCHER_CSS = `
.l{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;background:#1f5fa8;color:#fff;
cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:grid;place-items:center;padding:0}
.l:focus-visible{outline:3px solid #9cc3f5;outline-offset:2px}
.l svg{width:28px;height:28px}
.p{position:fixed;right:20px;bottom:88px;width:min(380px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));
border-radius:12px;overflow:hidden;box-shadow:0 8px 30px rgba(0,0,0,.25);background:#fff}
.p iframe{border:0;width:100%;height:100%;display:block}
`;

export const PANEL_CSS = `
body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2430}
header{display:flex;align-items:center;justify-content:space-between;padding:14px 16px;background:#1f5fa8;color:#fff}
h1{font-size:16px;margin:0}
button.x{background:none;border:0;color:inherit;font-size:22px;line-height:1;cursor:pointer;padding:4px 8px;border-radius:6px}
button.x:focus-visible{outline:2px solid #fff}
main{padding:16px}
`;
