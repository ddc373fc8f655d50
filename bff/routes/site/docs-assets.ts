import { createHash } from 'node:crypto';

/**
 * The stylesheet and the script of /docs, served from this origin under names that carry their hash
 * (cached a year). The page has no inline style or script, so its CSP needs neither 'unsafe-inline'
 * nor 'unsafe-eval'. The script only enhances: without it the page is whole and readable (the menu
 * is then always open on narrow screens).
 */

const CSS = `
:root{--fg:#1a1f36;--muted:#5b6270;--line:#e3e8ee;--soft:#f6f8fa;--accent:#1f5fa8;--code:#1b2030;--code-h:#141824;--top:56px;color-scheme:light}
*{box-sizing:border-box}[hidden]{display:none!important}
html{scroll-padding-top:calc(var(--top) + 12px)}
body{margin:0;font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:#fff}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
code{font:12.5px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:0 .25em;overflow-wrap:anywhere}
.muted{color:var(--muted);font-size:13px}
.top{position:sticky;top:0;z-index:20;height:var(--top);display:flex;align-items:center;gap:1rem;padding:0 1.25rem;background:#fff;border-bottom:1px solid var(--line)}
.brand{font-weight:650;color:var(--fg);white-space:nowrap}
.search{flex:1;max-width:30rem;display:flex;align-items:center;gap:.5rem}
#match-count{white-space:nowrap}
.search input{width:100%;font:inherit;font-size:14px;padding:.4rem .75rem;border:1px solid var(--line);border-radius:6px;background:var(--soft)}
.search input:focus{outline:2px solid var(--accent);outline-offset:0;background:#fff}
.spec{margin-left:auto;font-size:13px;white-space:nowrap}
.menu{display:none;font:inherit;font-size:14px;padding:.3rem .7rem;border:1px solid var(--line);border-radius:6px;background:#fff;color:var(--fg);cursor:pointer}
.layout{display:grid;grid-template-columns:16.5rem minmax(0,1fr)}
nav{position:sticky;top:var(--top);height:calc(100vh - var(--top));overflow:auto;padding:1rem .75rem 3rem;border-right:1px solid var(--line);background:var(--soft);font-size:13.5px}
nav ul{list-style:none;margin:0;padding:0}
nav .group{margin:0 0 .9rem}
nav .group-h{display:block;font-weight:650;color:var(--fg);padding:.15rem .5rem;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
nav li a{display:flex;align-items:center;gap:.45rem;padding:.2rem .5rem;border-radius:5px;color:#30374f;white-space:nowrap;overflow:hidden}
nav li a span:last-child{overflow:hidden;text-overflow:ellipsis}
nav li a:hover{background:#e9edf2;text-decoration:none}
nav .l3 a{padding-left:1.25rem}
main{min-width:0;padding:1.5rem 2.5rem 6rem}
h1{font-size:30px;line-height:1.2;margin:.5rem 0}
h2{font-size:22px;margin:0 0 .75rem;padding-top:1.5rem}
h2 a,h3 a{color:inherit}
h3{font-size:18px;margin:0 0 .35rem}
h1,h2,h3,h4{overflow-wrap:anywhere}
h4{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:1.5rem 0 .4rem}
h4 .muted{text-transform:none;letter-spacing:0;font-weight:400}
.guide{max-width:52rem;padding-bottom:1.5rem;border-bottom:1px solid var(--line)}
.guide h3{margin-top:1.5rem}
.md p{margin:.4rem 0}.md ul,.md ol{padding-left:1.3rem}
.md table{display:block;overflow-x:auto;border-collapse:collapse;font-size:13.5px;margin:.75rem 0;max-width:100%}
.md th,.md td{border:1px solid var(--line);padding:.35rem .6rem;text-align:left;vertical-align:top}
.md th{background:var(--soft)}
.md td:first-child code{overflow-wrap:normal;white-space:nowrap}
.md pre,.code pre{margin:0;padding:.85rem 1rem;overflow-x:auto;background:var(--code);color:#e6e9f2;border-radius:8px;font:12.5px/1.55 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.md pre code,.code code{background:none;border:0;padding:0;color:inherit;font:inherit;overflow-wrap:normal;white-space:pre}
.tag{border-bottom:1px solid var(--line);padding-bottom:1rem}
.tag>h2{font-size:26px;padding-top:2.5rem}
.op{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:2.5rem;padding:2rem 0;border-top:1px solid var(--line)}
.op-ex{position:sticky;top:calc(var(--top) + 1rem);align-self:start;display:flex;flex-direction:column;gap:1rem;max-height:calc(100vh - var(--top) - 2rem);overflow:auto}
.endpoint{margin:.2rem 0 .6rem}.endpoint code{font-size:13.5px}
.meta{color:var(--muted);font-size:13px}
.m{display:inline-block;min-width:3.6em;padding:0 .3em;font:700 10px/1.8 ui-monospace,monospace;text-align:center;border-radius:4px;color:#fff;background:#666;flex:none}
.m-get{background:#2f6f3e}.m-post{background:#1f5fa8}.m-patch,.m-put{background:#8a5a00}.m-delete{background:#a3262a}
.req{color:#a3262a;font-size:12px}.dep{background:#ffe5b4;padding:0 .3em;font-size:12px;border-radius:3px}
table.fields{border-collapse:collapse;width:100%;font-size:14px}
table.fields td{border-top:1px solid var(--line);padding:.45rem .5rem;vertical-align:top}
table.fields td:first-child{width:34%;overflow-wrap:anywhere}
table.fields .type{color:var(--muted);font-size:13px}
table.fields .md{margin-top:.15rem}
details>summary{cursor:pointer}
table.fields details{margin:.3rem 0;padding-left:.6rem;border-left:2px solid var(--line)}
table.fields details>summary{font-size:13px;color:var(--accent)}
.response{border-top:1px solid var(--line);padding:.4rem 0}
.response>summary{font-size:14px}.response>summary p{display:inline}
.status{display:inline-block;min-width:2.6em;font-family:ui-monospace,monospace}
.s2{color:#2f6f3e}.s4,.s5{color:#a3262a}
.headers{margin:.3rem 0;padding-left:1.2rem;font-size:13.5px}
.code{border-radius:8px;overflow:hidden;background:var(--code);flex:none}
.code-h{display:flex;justify-content:space-between;align-items:center;padding:.45rem 1rem;background:var(--code-h);color:#aeb6c8;font-size:12px}
.code-h b{color:#fff}
.code pre{border-radius:0;max-height:32rem}
.copy{font:inherit;font-size:12px;color:#e6e9f2;background:#2a3144;border:1px solid #3a4257;border-radius:4px;padding:.1rem .55rem;cursor:pointer}
.copy:hover{background:#343c52}
.k{color:#8fc1ff}.s{color:#a6dba0}.n{color:#f5b97a}.l{color:#d7a6ff}
.no-match{padding:2rem 0}
.schema{padding:1rem 0;border-top:1px solid var(--line)}
.page{max-width:52rem}
@media (max-width:1180px){.op{grid-template-columns:minmax(0,1fr);gap:1.25rem}.op-ex{position:static;max-height:none}}
@media (max-width:860px){
:root{--top:52px}
.top{gap:.6rem;padding:0 .75rem}
.menu{display:block}
.brand{display:none}
.no-search .brand{display:block}
.spec{display:none}
.search{max-width:none}
.layout{display:block}
nav{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line)}
.js nav{position:fixed;inset:var(--top) 0 0 0;z-index:15;display:none}
.js body.nav-open nav{display:block}
main{padding:1rem 1rem 4rem}
h1{font-size:25px}
.tag>h2{font-size:22px}
table.fields,table.fields tbody,table.fields tr,table.fields td{display:block;width:auto}
table.fields td:first-child{width:auto;padding-bottom:0;border-top:1px solid var(--line)}
table.fields td+td{border-top:0;padding-top:.1rem}
table.fields details{padding-left:.4rem}
.code pre{max-height:24rem}
.code.req code{white-space:pre-wrap;overflow-wrap:anywhere}
}
`;

const JS = `(() => {
  const d = document;
  d.documentElement.classList.add('js');
  const menu = d.getElementById('menu');
  const setMenu = (open) => {
    d.body.classList.toggle('nav-open', open);
    menu.setAttribute('aria-expanded', String(open));
  };
  menu.addEventListener('click', () => setMenu(!d.body.classList.contains('nav-open')));
  d.getElementById('nav').addEventListener('click', (ev) => {
    if (ev.target.closest('a')) setMenu(false);
  });
  for (const button of d.querySelectorAll('button.copy')) {
    button.addEventListener('click', async () => {
      const text = button.closest('.code').querySelector('code').textContent;
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = 'Copied';
      } catch {
        const range = d.createRange();
        range.selectNodeContents(button.closest('.code').querySelector('code'));
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        button.textContent = 'Selected';
      }
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
  }
  const q = d.getElementById('q');
  if (!q) return;
  const ops = [...d.querySelectorAll('.op[data-search]')];
  const items = [...d.querySelectorAll('nav li[data-op]')];
  const tags = [...d.querySelectorAll('section.tag')];
  const groups = [...d.querySelectorAll('nav li.group')];
  const rest = [...d.querySelectorAll('main > .guide, nav .guide-nav')];
  const none = d.getElementById('no-match');
  const count = d.getElementById('match-count');
  const filter = () => {
    const words = q.value.toLowerCase().split(/\\s+/).filter(Boolean);
    const on = words.length > 0;
    const hit = (el) => words.every((w) => el.dataset.search.includes(w));
    let n = 0;
    for (const op of ops) {
      op.hidden = on && !hit(op);
      if (!op.hidden) n++;
    }
    for (const li of items) li.hidden = on && !hit(li);
    for (const t of tags) t.hidden = on && !t.querySelector('.op:not([hidden])');
    for (const g of groups) {
      if (!g.classList.contains('guide-nav')) g.hidden = on && !g.querySelector('li[data-op]:not([hidden])');
    }
    for (const el of rest) el.hidden = on;
    none.hidden = !on || n > 0;
    count.textContent = on ? n + (n === 1 ? ' match' : ' matches') : '';
  };
  q.addEventListener('input', filter);
  q.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      q.value = '';
      filter();
    } else if (ev.key === 'Enter') {
      const first = ops.find((op) => !op.hidden);
      if (first) first.scrollIntoView();
    }
  });
  d.addEventListener('keydown', (ev) => {
    if (ev.key === '/' && !(ev.target instanceof HTMLInputElement)) {
      ev.preventDefault();
      q.focus();
    }
  });
  if (q.value) filter();
})();
`;

const hashed = (name: string, ext: string, body: string) =>
  `/docs/assets/${name}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;

export const DOCS_ASSETS = {
  css: { path: hashed('docs', 'css', CSS), body: CSS, type: 'text/css; charset=utf-8' },
  js: { path: hashed('docs', 'js', JS), body: JS, type: 'text/javascript; charset=utf-8' },
} as const;
