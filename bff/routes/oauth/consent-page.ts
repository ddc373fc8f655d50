import { ABILITIES, type Ability } from '../../../server-core/apikeys/abilities';
import { escapeHtml } from '../../../server-core/lib/escape-html';

/**
 * The consent page and the error pages of /oauth/authorize: server-rendered, no script, one nonce'd
 * stylesheet (the CSP allows nothing else). Every value from the request or the database is escaped.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1b1f24}
main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 1rem}ul{padding-left:1.2rem}li{margin:.3rem 0}
.muted{color:#59636e;font-size:.9rem}.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.55rem 1.2rem;border-radius:8px;border:1px solid #c9d1d9;background:#fff;cursor:pointer}
button[value=allow]{background:#1f6feb;border-color:#1f6feb;color:#fff}
button:focus-visible{outline:3px solid #0969da;outline-offset:2px}`;

function layout(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function errorPage(nonce: string, title: string, message: string): string {
  return layout(nonce, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

export interface ConsentView {
  nonce: string;
  appName: string;
  workspaceName: string;
  granted: readonly Ability[];
  /** Asked for but not yours to give: shown, never granted. */
  withheld: readonly Ability[];
  /** Hidden fields posted back with the decision (the request and the CSRF token). */
  fields: Record<string, string>;
}

export function consentPage(v: ConsentView): string {
  const item = (a: Ability) =>
    `<li>${escapeHtml(ABILITIES[a])} <span class="muted">(${escapeHtml(a)})</span></li>`;
  const hidden = Object.entries(v.fields)
    .map(([k, val]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(val)}">`)
    .join('');
  const withheld =
    v.withheld.length > 0
      ? `<p class="muted">It also asked for access you cannot give, which it will not get:</p><ul class="muted">${v.withheld.map(item).join('')}</ul>`
      : '';
  return layout(
    v.nonce,
    `Allow ${v.appName}?`,
    `<h1>Allow ${escapeHtml(v.appName)} to access ${escapeHtml(v.workspaceName)}?</h1>
<p><strong>${escapeHtml(v.appName)}</strong> asks for access to the workspace <strong>${escapeHtml(v.workspaceName)}</strong>. It will be able to:</p>
<ul aria-label="Access requested">${v.granted.map(item).join('')}</ul>${withheld}
<p class="muted">You can revoke this at any time in the workspace settings.</p>
<form method="post" action="/oauth/authorize">${hidden}
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></div></form>`,
  );
}

/** A page for a member of several workspaces: pick the one to grant access to. */
export function chooseWorkspacePage(
  nonce: string,
  appName: string,
  choices: { name: string; href: string }[],
): string {
  return layout(
    nonce,
    `Choose a workspace for ${appName}`,
    `<h1>Which workspace should ${escapeHtml(appName)} access?</h1><ul>${choices
      .map((ch) => `<li><a href="${escapeHtml(ch.href)}">${escapeHtml(ch.name)}</a></li>`)
      .join('')}</ul>`,
  );
}
