/**
 * The hosted help center's one stylesheet (about 2 KB): system fonts, a readable measure, visible focus,
 * light and dark schemes. The workspace's colours come in as custom properties (pages.ts).
 */
export const HELP_CENTER_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1d22;background:#fff}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
header{background:var(--brand);color:var(--on-brand)}
header .bar{max-width:60rem;margin:0 auto;padding:1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header a{color:var(--on-brand);text-decoration:none;font-weight:600;font-size:1.15rem;display:flex;gap:.5rem;align-items:center}
header img{height:2rem;width:auto}
header form.out{margin-left:auto}
header button,header .in{background:transparent;color:var(--on-brand);border:1px solid currentColor;border-radius:.4rem;padding:.3rem .8rem;font:inherit;font-size:.9rem;cursor:pointer;text-decoration:none}
header .in{margin-left:auto;font-weight:400}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 3rem}
form.search{display:flex;gap:.5rem;margin:0 0 2rem}
form.search input{flex:1;font:inherit;padding:.6rem .8rem;border:1px solid #767b85;border-radius:.4rem}
form.search button{font:inherit;padding:.6rem 1rem;border:0;border-radius:.4rem;background:var(--brand);color:var(--on-brand);cursor:pointer}
.collections{display:grid;gap:1.5rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
.collections section{border:1px solid #d6d9de;border-radius:.6rem;padding:1rem 1.2rem}
h1{font-size:1.8rem;line-height:1.25;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin:0 0 .5rem}
ul.plain{list-style:none;margin:0;padding:0}ul.plain li{margin:.35rem 0}
.results li{margin:0 0 1.2rem}.results p{margin:.2rem 0;color:#4a4f58}
article{max-width:44rem}article img{max-width:100%;height:auto}
article pre{overflow:auto;background:#f3f4f6;padding:.8rem;border-radius:.4rem}
article table{border-collapse:collapse}article td,article th{border:1px solid #d6d9de;padding:.3rem .6rem}
ol.steps li{margin:0 0 1rem}
.note{border-left:4px solid var(--brand);padding:.5rem 1rem;background:#f6f7f9}
.meta{color:#5b606a;font-size:.9rem}
@media (prefers-color-scheme:dark){body{background:#17191e;color:#e6e8eb}a{color:var(--accent-dark)}
a:focus-visible,button:focus-visible,input:focus-visible{outline-color:var(--accent-dark)}
.collections section{border-color:#3a3f48}.results p,.meta{color:#b4b9c2}
article pre,.note{background:#1d2026}form.search input{background:#1d2026;color:inherit}}
`;
