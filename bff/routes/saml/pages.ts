import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../server-core/lib/escape-html';

/**
 * The pages of /saml: server-rendered, no script, one stylesheet allowed by its hash (not a nonce, so the
 * refusal page is the same bytes on every request). Every value from the request is escaped.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1b1f24}
main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 1rem}.muted{color:#59636e;font-size:.9rem}
a.button,button{display:inline-block;font:inherit;padding:.55rem 1.2rem;border-radius:8px;border:1px solid #1f6feb;
background:#1f6feb;color:#fff;cursor:pointer;text-decoration:none}
a:focus-visible,button:focus-visible{outline:3px solid #0969da;outline-offset:2px}`;

const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

/** The CSP of every SAML page: nothing but the one stylesheet; forms post only to this origin. */
export const SAML_PAGE_CSP = `default-src 'none'; style-src '${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>${head}<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const simple = (title: string, message: string) =>
  layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);

/** The one page of every refusal: a constant, so no reason can be told from it. */
export const REFUSED_PAGE = simple(
  'Sign-in refused',
  'Single sign-on could not sign you in. Start again from your company sign-in page, or ask your administrator.',
);

export const THROTTLED_PAGE = simple(
  'Too many sign-in attempts',
  'Too many single sign-on attempts came from your network. Wait a minute, then start again from your company sign-in page.',
);

export const FALLBACK_PAGE = simple(
  'Single sign-on is not set up',
  'This workspace has no single sign-on connection. Sign in with your e-mail and password instead.',
);

export const BAD_REDIRECT_PAGE = simple(
  'Invalid sign-in link',
  'This sign-in link names a destination outside the portal. Start again from the portal.',
);

export function handoffPage(continueHref: string): string {
  const href = escapeHtml(continueHref);
  return layout(
    'Signing in',
    `<h1>Signing in with single sign-on</h1><p>Taking you to your company sign-in page…</p>
<p><a class="button" href="${href}">Continue to sign-in</a></p>`,
    `<meta http-equiv="refresh" content="0;url=${href}">`,
  );
}

export function checkMailPage(address: string, minutes: number): string {
  return layout(
    'Check your mail',
    `<h1>Confirm it is you</h1><p>This is the first single sign-on as <b>${escapeHtml(address)}</b> here. We sent a
confirmation link to that address. Open it in this browser within ${minutes} minutes to finish signing in.</p>
<p class="muted">Nothing is signed in until you confirm.</p>`,
  );
}

export function confirmPage(action: string, token: string): string {
  return layout(
    'Confirm single sign-on',
    `<h1>Confirm single sign-on</h1><p>Bind your company sign-in to this workspace and sign in?</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Confirm and sign in</button></form>`,
  );
}
