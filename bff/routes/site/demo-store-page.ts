import { escapeHtml } from '../../../server-core/lib/escape-html';
import { DEMO_CART_EVENT } from '../../../server-core/setup/demo-experiences';
import { DEMO_LOGO_SVG, FAVICON_LINK } from './demo-assets';

interface Product {
  name: string;
  blurb: string;
  price: string;
  /** An inline illustration (no image request, nothing for the CSP to allow). */
  art: string;
}

const art = (label: string, body: string) =>
  `<svg role="img" aria-label="${label}" viewBox="0 0 160 120" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;

const PRODUCTS: Product[] = [
  {
    name: 'Trail Runner 2',
    blurb: 'Grippy, light trail shoes with a recycled upper.',
    price: '€89',
    art: art(
      'A blue trail running shoe',
      '<rect width="160" height="120" fill="#e8f0fa"/><path d="M28 78c0-14 10-30 22-30 6 0 9 8 17 10l40 10c14 4 26 8 26 18v6H28z" fill="#1f5fa8"/>' +
        '<rect x="28" y="86" width="105" height="10" rx="4" fill="#1f2430"/><path d="M62 58l8 10M74 62l8 10M86 65l7 9" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
    ),
  },
  {
    name: 'Summit 30 L pack',
    blurb: 'A day pack with a rain cover tucked in the lid.',
    price: '€119',
    art: art(
      'An orange day pack',
      '<rect width="160" height="120" fill="#fdf0e6"/><rect x="52" y="26" width="56" height="74" rx="16" fill="#e07a2e"/>' +
        '<rect x="60" y="62" width="40" height="26" rx="6" fill="#c4611b"/><path d="M64 26c0-10 32-10 32 0" fill="none" stroke="#1f2430" stroke-width="4"/>',
    ),
  },
  {
    name: 'Ridge rain shell',
    blurb: 'Waterproof, breathable and packs into its pocket.',
    price: '€149',
    art: art(
      'A green rain jacket',
      '<rect width="160" height="120" fill="#e9f5ee"/><path d="M60 24h40l24 18-10 14-8-6v52H54V50l-8 6-10-14z" fill="#2e8b57"/>' +
        '<path d="M80 26v76" stroke="#1f2430" stroke-width="3"/><path d="M68 24c4 8 20 8 24 0" fill="#23704a"/>',
    ),
  },
  {
    name: 'Camp mug',
    blurb: 'Enamel steel, 350 ml, survives every campfire.',
    price: '€19',
    art: art(
      'A white enamel mug with a blue rim',
      '<rect width="160" height="120" fill="#f1f3f6"/><rect x="54" y="36" width="46" height="54" rx="6" fill="#fff" stroke="#c5cbd6" stroke-width="2"/>' +
        '<rect x="54" y="34" width="46" height="7" rx="3" fill="#1f5fa8"/><path d="M100 48h8a10 10 0 0 1 0 20h-8" fill="none" stroke="#c5cbd6" stroke-width="5"/>',
    ),
  },
];

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2430;background:#fafbfc}
a{color:#1f5fa8}
.bar{margin:0;background:#1f2430;color:#fff;text-align:center;font-size:13px;padding:6px 12px}
header{display:flex;align-items:center;gap:24px;padding:14px clamp(16px,4vw,48px);background:#fff;border-bottom:1px solid #e3e6eb}
.brand svg{display:block;width:96px;height:32px}
nav{display:flex;gap:18px;flex:1;min-width:0;overflow-x:auto}
nav a{color:#1f2430;text-decoration:none;font-weight:500;white-space:nowrap}
nav a:hover{color:#1f5fa8}
button{font:inherit;cursor:pointer}
.cart{border:1px solid #c5cbd6;background:#fff;border-radius:999px;padding:6px 14px;white-space:nowrap}
.cart strong{display:inline-block;min-width:1.4em;margin-left:6px;background:#1f5fa8;color:#fff;border-radius:999px;font-size:13px;text-align:center}
main{max-width:1100px;margin:0 auto;padding:0 clamp(16px,4vw,48px) 96px}
.hero{display:grid;gap:12px;padding:56px 0 40px}
.hero h1{font-size:clamp(30px,5vw,46px);line-height:1.1;margin:0}
.hero p{font-size:18px;color:#4a5263;margin:0;max-width:36em}
.cta{justify-self:start;background:#1f5fa8;color:#fff;border:0;border-radius:8px;padding:10px 18px;text-decoration:none;font-weight:600}
h2{font-size:22px;margin:32px 0 16px}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:20px;grid-template-columns:repeat(auto-fit,minmax(160px,1fr))}
.card{background:#fff;border:1px solid #e3e6eb;border-radius:12px;overflow:hidden;display:flex;flex-direction:column}
.card svg{display:block;width:100%;height:auto}
.card div{padding:12px 16px 16px;display:flex;flex-direction:column;gap:6px;flex:1}
.card h3{margin:0;font-size:17px}
.card p{margin:0;color:#4a5263;font-size:14px;flex:1}
.card .price{color:#1f2430;font-weight:700;font-size:16px}
.add{background:#fff;border:1px solid #1f5fa8;color:#1f5fa8;border-radius:8px;padding:8px}
.add:hover{background:#1f5fa8;color:#fff}
.help{display:flex;flex-wrap:wrap;align-items:center;gap:12px;margin-top:40px;padding:20px 24px;background:#fff;border:1px solid #e3e6eb;border-radius:12px}
.help h2{margin:0;flex-basis:100%}
.help p{margin:0;flex-basis:100%;color:#4a5263}
.help button{background:none;border:1px solid #c5cbd6;border-radius:8px;padding:8px 14px}
#added{min-height:1.5em;color:#2e8b57;font-weight:500;margin:12px 0 0}
footer{border-top:1px solid #e3e6eb;background:#fff;padding:24px clamp(16px,4vw,48px);font-size:14px;color:#5b6475}
footer ul{list-style:none;display:flex;flex-wrap:wrap;gap:8px 24px;margin:0 0 8px;padding:0}
@media (max-width:520px){header{gap:10px}nav{gap:10px}.wide{display:none}.cart{padding:6px 10px}.brand svg{width:76px}.card div{padding:10px 12px 12px}}`;

function productCard(p: Product): string {
  return `<li class="card">${p.art}<div><h3>${escapeHtml(p.name)}</h3><p>${escapeHtml(p.blurb)}</p>
<span class="price">${escapeHtml(p.price)}</span><button type="button" class="add" data-add="${escapeHtml(p.name)}" aria-label="Add ${escapeHtml(p.name)} to cart">Add to cart</button></div></li>`;
}

/**
 * The demo as a visitor meets it: a small outdoor-gear store with the snippet in its head and the
 * launcher in the corner, under the same strict CSP a careful customer would send. Its only script
 * (nonce) keeps the cart count, tells the widget when something goes into the cart
 * (`Widget.event.push('demo_added_to_cart')`, which ticks off the onboarding program's event item) and
 * hands two help links to the widget, all through the $widget queue. The store tour anchors its steps to
 * `#products`, `#cart` and `#help` (server-core/setup/demo-experiences.ts), the basket launcher its beacon
 * to `#cart` (server-core/setup/demo-visible-experiences.ts); the nav's Feedback link goes to the second
 * demo page, where the survey is. The header scrolls with the page: the demo's sticky banner is fixed to
 * the top of the viewport, and a sticky header there would slide under it (and hide the beacon's `#cart`).
 */
export function demoStorePage(input: {
  snippet: string;
  nonce: string;
  apiPage: string;
  feedbackPage: string;
  setupPage: string;
}): string {
  const n = escapeHtml(input.nonce);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Outfitters · demo store</title>${FAVICON_LINK}${input.snippet}
<style nonce="${n}">${STYLE}</style>
</head><body>
<p class="bar">Free shipping on orders over €50 · 30-day returns</p>
<header>
<a class="brand" href="/demo" aria-label="Acme Outfitters home">${DEMO_LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" ')}</a>
<nav aria-label="Main"><a href="#shop">Shop</a><a class="wide" href="#shop">New in</a><a href="#help">Help</a><a href="${escapeHtml(input.feedbackPage)}">Feedback</a></nav>
<button type="button" class="cart" id="cart" data-cart>Cart <strong id="count">0</strong></button>
</header>
<main>
<section class="hero"><h1>Gear for every trail</h1>
<p>Light, tough and repairable outdoor kit, shipped from our workshop in two days.</p>
<a class="cta" href="#shop">Shop bestsellers</a></section>
<section id="shop" aria-labelledby="shop-title"><h2 id="shop-title">Bestsellers</h2>
<ul class="grid" id="products">${PRODUCTS.map(productCard).join('\n')}</ul>
<p id="added" role="status"></p></section>
<section class="help" id="help" aria-labelledby="help-title"><h2 id="help-title">Questions about an order?</h2>
<p>Answers are one click away: the help button in the corner searches our guides.</p>
<button type="button" data-article="track-your-order">Where is my order?</button>
<button type="button" data-article="returns-and-refunds">How do returns work?</button>
<button type="button" data-open>Open help</button></section>
</main>
<footer><ul>
<li><a href="#help">Shipping and returns</a></li>
<li><a href="${escapeHtml(input.setupPage)}">Team setup app: walkthrough and automation</a></li>
<li><a href="${escapeHtml(input.apiPage)}">Developer harness: every Widget call</a></li>
<li><a href="/docs">API reference</a></li></ul>
<p>Acme Outfitters is a demo store: nothing here is for sale.</p></footer>
<script nonce="${n}">
(function () {
  var count = 0;
  var q = function (c) { window.$widget.push(c); };
  document.addEventListener('click', function (e) {
    var b = e.target.closest && e.target.closest('button');
    if (!b) return;
    if (b.dataset.add) {
      count++;
      document.getElementById('count').textContent = String(count);
      document.getElementById('added').textContent = b.dataset.add + ' is in your cart.';
      q(['event.push', ${JSON.stringify(DEMO_CART_EVENT)}]);
    }
    if (b.hasAttribute('data-cart'))
      document.getElementById('added').textContent = 'Your cart holds ' + count + (count === 1 ? ' item' : ' items') + '. Checkout is not part of the demo.';
    if (b.dataset.article) q(['helpdesk.openArticle', b.dataset.article]);
    if (b.hasAttribute('data-open')) q(['open']);
  });
})();
</script></body></html>`;
}
