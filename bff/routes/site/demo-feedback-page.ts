import { escapeHtml } from '../../../server-core/lib/escape-html';
import { DEMO_LOGO_SVG, FAVICON_LINK } from './demo-assets';

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2430;background:#fafbfc;min-height:100vh;display:flex;flex-direction:column}
a{color:#1f5fa8}
header{display:flex;align-items:center;gap:24px;padding:14px clamp(16px,4vw,48px);background:#fff;border-bottom:1px solid #e3e6eb}
.brand svg{display:block;width:96px;height:32px}
nav{display:flex;gap:18px;flex:1;min-width:0;overflow-x:auto}
nav a{color:#1f2430;text-decoration:none;font-weight:500;white-space:nowrap}
nav a[aria-current]{color:#1f5fa8}
main{flex:1;width:100%;max-width:760px;margin:0 auto;padding:48px clamp(16px,4vw,48px) 160px}
h1{font-size:clamp(28px,4vw,40px);line-height:1.15;margin:0 0 12px}
.lead{font-size:18px;color:#4a5263;margin:0 0 32px}
.order{background:#fff;border:1px solid #e3e6eb;border-radius:12px;padding:20px 24px}
.order h2{font-size:18px;margin:0 0 8px}
.order dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0}
.order dt{color:#5b6475}
.order dd{margin:0}
footer{border-top:1px solid #e3e6eb;background:#fff;padding:24px clamp(16px,4vw,48px);font-size:14px;color:#5b6475}
footer ul{list-style:none;display:flex;flex-wrap:wrap;gap:8px 24px;margin:0 0 8px;padding:0}`;

/**
 * The demo's second page, /demo/feedback: an order-confirmation page of the store where the feedback
 * survey (server-core/setup/demo-visible-experiences.ts) asks its questions in the corner. The survey lives
 * here, not on /demo, so it never competes with the store tour for the page view's intrusive slot. Same
 * snippet and strict CSP as the store; no script of its own.
 */
export function demoFeedbackPage(input: {
  snippet: string;
  nonce: string;
  storePage: string;
  apiPage: string;
}): string {
  const n = escapeHtml(input.nonce);
  const store = escapeHtml(input.storePage);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Thanks for your order · Acme Outfitters demo store</title>${FAVICON_LINK}${input.snippet}
<style nonce="${n}">${STYLE}</style>
</head><body>
<header>
<a class="brand" href="${store}" aria-label="Acme Outfitters home">${DEMO_LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" ')}</a>
<nav aria-label="Main"><a href="${store}">Shop</a><a href="${store}#help">Help</a><a href="#feedback" aria-current="page">Feedback</a></nav>
</header>
<main id="feedback">
<h1>Thanks for shopping with us</h1>
<p class="lead">Your (pretend) order is on its way. While you are here, tell us how we did: a three-question survey
opens in the corner, and your answers reach the team in the survey's answers listing.</p>
<section class="order" aria-labelledby="order-title"><h2 id="order-title">Order summary</h2>
<dl><dt>Order</dt><dd>#DEMO-1042</dd><dt>Delivery</dt><dd>Free, in two days</dd><dt>Total</dt><dd>€108</dd></dl></section>
</main>
<footer><ul>
<li><a href="${store}">Back to the demo store</a></li>
<li><a href="${escapeHtml(input.apiPage)}">Developer harness: every Widget call</a></li>
<li><a href="/docs">API reference</a></li></ul>
<p>Acme Outfitters is a demo store: nothing here is for sale.</p></footer>
</body></html>`;
}
