import type { Guide } from '../../server-core/content/guide';
import type { HelpCenterBrand, HomeCollection } from '../../server-core/help-center/help-center-content';
import type { HelpCenterResult } from '../../server-core/help-center/search-help-center';
import { escapeHtml as e } from '../../server-core/lib/escape-html';
import { BRAND_COLOR, DEFAULT_BRAND_COLOR, widgetTheme } from '../../server-core/widget/brand-colors';

/** The stylesheet's path on every help-center host. */
export const HELP_CENTER_CSS_PATH = '/assets/help-center.css';

/** What every page knows: the workspace's brand, the reader, and what it may offer. */
export interface PageFrame {
  brand: HelpCenterBrand;
  signedIn: boolean;
  /** True when the workspace has a sign-in URL (a sign-in link is offered). */
  canSignIn: boolean;
  /** The path of this page (the return_to of its sign-in link). */
  path: string;
  nonce: string;
}

const signInHref = (path: string) => `/sign-in?return_to=${encodeURIComponent(path)}`;

/** One page: skip link, header with logo and sign-in state, the content in <main>. No script. */
export function page(frame: PageFrame, title: string, content: string): string {
  const color =
    frame.brand.brand_color && BRAND_COLOR.test(frame.brand.brand_color)
      ? frame.brand.brand_color
      : DEFAULT_BRAND_COLOR;
  const t = widgetTheme(color);
  const logo = frame.brand.logo_url ? `<img src="${e(frame.brand.logo_url)}" alt="">` : '';
  const account = frame.signedIn
    ? '<form class="out" method="post" action="/sign-out"><button type="submit">Sign out</button></form>'
    : frame.canSignIn
      ? `<a class="in" href="${e(signInHref(frame.path))}">Sign in</a>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)} · ${e(frame.brand.name)}</title>
<link rel="stylesheet" href="${HELP_CENTER_CSS_PATH}">
<style nonce="${e(frame.nonce)}">:root{--brand:${t.brand};--on-brand:${t.on_brand};--accent:${t.accent};--accent-dark:${t.accent_dark}}</style>
</head><body><a class="skip" href="#main">Skip to content</a>
<header><div class="bar"><a href="/">${logo}<span>${e(frame.brand.name)} help center</span></a>${account}</div></header>
<main id="main">${content}</main></body></html>`;
}

function searchForm(q = ''): string {
  return `<form class="search" role="search" method="get" action="/search">
<label class="skip" for="q">Search articles</label>
<input id="q" name="q" type="search" value="${e(q)}" maxlength="500" placeholder="Search for answers">
<button type="submit">Search</button></form>`;
}

export function homeContent(collections: HomeCollection[]): string {
  const sections = collections
    .map(
      (c) =>
        `<section aria-labelledby="c-${e(c.slug ?? 'more')}"><h2 id="c-${e(c.slug ?? 'more')}">${e(c.name)}</h2><ul class="plain">${c.articles
          .map((a) => `<li><a href="/articles/${e(encodeURIComponent(a.slug))}">${e(a.title)}</a></li>`)
          .join('')}</ul></section>`,
    )
    .join('');
  return `<h1>How can we help?</h1>${searchForm()}
${collections.length ? `<div class="collections">${sections}</div>` : '<p>No articles yet.</p>'}`;
}

export function articleContent(title: string, html: string, updatedAt: Date): string {
  return `<p class="meta"><a href="/">All articles</a></p><article><h1>${e(title)}</h1>${html}
<p class="meta">Updated <time datetime="${updatedAt.toISOString()}">${updatedAt.toISOString().slice(0, 10)}</time></p></article>`;
}

export function searchContent(q: string, results: HelpCenterResult[]): string {
  const list = results.length
    ? `<ol class="plain results">${results
        .map((r) => `<li><a href="${e(r.url ?? '/')}">${e(r.title)}</a><p>${e(r.snippet)}</p></li>`)
        .join('')}</ol>`
    : q
      ? '<p>No articles match. Try other words.</p>'
      : '';
  return `<h1>${q ? `Results for “${e(q)}”` : 'Search'}</h1>${searchForm(q)}
<p class="skip" role="status">${results.length} results</p>${list}`;
}

export function guideContent(guide: Guide): string {
  const steps = guide.steps
    .filter((s) => s.text.trim() !== '')
    .map((s) => `<li>${e(s.text)}</li>`)
    .join('');
  return `<p class="meta"><a href="/">All articles</a></p><article><h1>${e(guide.title)}</h1>
${guide.description ? `<p>${e(guide.description)}</p>` : ''}<ol class="steps">${steps}</ol></article>`;
}

export function signInContent(canSignIn: boolean, path: string): string {
  return `<h1>Sign in to read this page</h1><div class="note"><p>This page is for signed-in customers.</p>
${canSignIn ? `<p><a href="${e(signInHref(path))}">Sign in</a></p>` : ''}</div>`;
}

export function notFoundContent(): string {
  return `<h1>Page not found</h1>${searchForm()}<p><a href="/">Back to the help center</a></p>`;
}

export function signInFailedContent(): string {
  return `<h1>Sign-in did not work</h1><div class="note"><p>The sign-in link was invalid or has expired. Please try again.</p></div><p><a href="/">Back to the help center</a></p>`;
}
