import { escapeHtml } from '../../../server-core/lib/escape-html';
import { FAVICON_LINK } from './demo-assets';

export interface DemoIdentity {
  email: string;
  hmac: string;
  token: string;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem 6rem;color:#1f2430}
pre{background:#f4f5f7;padding:1rem;overflow:auto;font-size:13px}
.row{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0 1rem}
button{font:inherit;font-size:14px;padding:.4rem .8rem;border:1px solid #c5cbd6;border-radius:6px;background:#fff;cursor:pointer}
button:hover{border-color:#1f5fa8}
#log{font:13px/1.6 ui-monospace,monospace;background:#f4f5f7;padding:.75rem 1rem .75rem 2rem;min-height:3rem}
.view{color:#5b6475}`;

/**
 * The developer harness at /demo/api: the same strict nonce-based CSP and snippet as the store, with
 * buttons that drive every Widget call through the $widget queue (so they work before l.js loads).
 * The script uses event delegation on document so it keeps working after the body is swapped.
 */
export function demoApiPage(input: {
  snippet: string;
  nonce: string;
  identity: DemoIdentity | null;
  storePage: string;
}): string {
  const n = escapeHtml(input.nonce);
  const id = input.identity;
  const data = JSON.stringify(id ?? null).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Widget API harness · Acme demo store</title>${FAVICON_LINK}${input.snippet}
<style nonce="${n}">${STYLE}</style>
</head><body><main><h1>Widget API harness</h1>
<p><a href="${escapeHtml(input.storePage)}">Back to the demo store</a></p>
<p>This page stands for a customer's website. It sends a strict Content-Security-Policy (nonce-based
<code>script-src</code> with <code>'strict-dynamic'</code>, no inline styles without the nonce) and installs the snippet in its
<code>&lt;head&gt;</code>; the launcher sits in the bottom-right corner.</p>
<pre>${escapeHtml(input.snippet)}</pre>
<p class="view">Current view: <strong id="view">home</strong></p>
<h2>Widget API</h2>
<div class="row">
<button data-call='["open"]'>Widget.open()</button>
<button data-call='["close"]'>Widget.close()</button>
<button data-call='["toggle"]'>Widget.toggle()</button>
<button data-call='["helpdesk.query","password"]'>helpdesk.query('password')</button>
<button data-call='["helpdesk.openArticle","track-your-order"]'>helpdesk.openArticle('track-your-order')</button>
</div>
<h2>Identity and events</h2>
<div class="row">
<button data-identify="hmac"${id ? '' : ' disabled'}>user.set as ${escapeHtml(id?.email ?? 'a customer')} (hmac)</button>
<button data-identify="token"${id ? '' : ' disabled'}>user.set with a signed token (attributes)</button>
<button data-call='["track","demo_button_clicked",{"source":"demo"}]'>track('demo_button_clicked')</button>
<button data-call='["consent",true]'>consent(true)</button>
<button data-forget>forget() and reload</button>
</div>
<h2>Page changes</h2>
<div class="row">
<button data-nav="pricing">Go to pricing (pushState)</button>
<button data-nav="account">Go to account (pushState)</button>
<button data-back>history.back()</button>
<button data-swap>Swap &lt;body&gt; (like Turbo)</button>
</div>
<h2>Events seen by Widget.on</h2>
<ol id="log"></ol>
</main>
<script nonce="${n}">
(function () {
  var identity = ${data};
  var q = function (c) { window.$widget.push(c); };
  var log = function (m) {
    var li = document.createElement('li');
    li.textContent = new Date().toLocaleTimeString() + '  ' + m;
    var list = document.getElementById('log');
    if (list) list.prepend(li);
  };
  var view = function () {
    var v = new URLSearchParams(location.search).get('view') || 'home';
    var el = document.getElementById('view');
    if (el) el.textContent = v;
  };
  q(['on', 'open', function () { log('open'); }]);
  q(['on', 'close', function () { log('close'); }]);
  document.addEventListener('click', function (e) {
    var b = e.target.closest && e.target.closest('button');
    if (!b) return;
    if (b.dataset.call) { var c = JSON.parse(b.dataset.call); q(c); log('called ' + c[0]); }
    if (b.dataset.identify && identity) {
      q(['user.set', b.dataset.identify === 'hmac'
        ? { email: identity.email, name: 'Ada Lovelace', hmac: identity.hmac }
        : { email: identity.email, token: identity.token }]);
      log('called user.set (' + b.dataset.identify + ')');
    }
    if (b.hasAttribute('data-forget')) { q(['forget']); location.reload(); }
    if (b.dataset.nav) { history.pushState({}, '', '?view=' + b.dataset.nav); view(); log('route ' + location.search); }
    if (b.hasAttribute('data-back')) history.back();
    if (b.hasAttribute('data-swap')) {
      var next = document.body.cloneNode(true);
      next.querySelectorAll('[data-widget-chrome]').forEach(function (el) { el.remove(); });
      document.body = next;
      log('body swapped');
    }
  });
  window.addEventListener('popstate', function () { view(); log('route ' + (location.search || '/')); });
  view();
})();
</script></body></html>`;
}
