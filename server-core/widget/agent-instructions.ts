/**
 * agent_instructions of the install info: a Markdown brief an AI coding agent can follow to install the
 * snippet in common stacks and prove it works. Only public values appear (website id, URLs).
 */
export function buildAgentInstructions(input: {
  websiteId: string;
  snippet: string | null;
  cdnUrl: string | null;
  apiUrl: string;
}): string {
  const api = new URL(input.apiUrl).origin;
  const cdn = input.cdnUrl ? new URL(input.cdnUrl).origin : null;
  const snippet =
    input.snippet ?? '(no snippet yet: the service has no widget CDN configured, WIDGET_CDN_URL)';
  return `# Install the support widget

Website id: \`${input.websiteId}\`

## 1. Add the snippet once, in the \`<head>\` of every page

\`\`\`html
${snippet}
\`\`\`

Keep both script elements, in this order. Do not edit the website id. Add it once per page load: the loader boots
once however often the snippet runs, but nothing is gained by running it again.

| stack | where |
| --- | --- |
| plain HTML, server templates (Django, Laravel, Express views, Jinja) | the shared layout's \`<head>\` |
| Rails with Turbo / Hotwire | \`app/views/layouts/application.html.erb\`, inside \`<head>\` (not \`<body>\`): Turbo keeps the head, and the widget follows body swaps itself |
| React / Vue / Svelte / Angular single-page apps (Vite, CRA, Angular CLI) | \`index.html\`, inside \`<head>\`; never from a component (it would run on every mount) |
| Next.js (app router) | \`app/layout.tsx\`: \`<Script id="widget-queue" strategy="beforeInteractive">\` holding the first script's body, and \`<Script src="…/l.js" strategy="afterInteractive" />\` |
| Nuxt | \`nuxt.config\` \`app.head.script\`: the inline script first (\`innerHTML\`), then \`{ src: '…/l.js', async: true }\` |
| WordPress | the theme's \`header.php\` before \`wp_head()\`, or a \`wp_head\` action |

## 2. Content-Security-Policy (only if the site sends one)

- \`script-src\`: give both snippet elements the page's nonce (\`<script nonce="…">\`) and allow \`'strict-dynamic'\`
  (the loader passes the nonce on), or allow ${cdn ? `\`${cdn}\`` : 'the widget CDN origin'} plus the first script's hash.
- \`connect-src ${api}\`: the widget's API calls.
- \`img-src ${api}\` and the host of any custom launcher icon or logo.
- No \`style-src\` change: the widget styles itself with constructable stylesheets.

## 3. Identify signed-in users (optional)

Call \`Widget.user.set({ email, name, hmac })\` after sign-in. Compute \`hmac\` on the server, never in the browser:
lower-case hex HMAC-SHA256 of the lower-cased email, keyed with the widget identity secret (portal: settings, widget
identity secret; keep it server-side). Node: \`crypto.createHmac('sha256', secret).update(email.toLowerCase()).digest('hex')\`.
Or pass \`token\`: an HS256 JWT signed with the same secret, claims \`email\` (lower-case), \`name\`, \`attributes\`
(at most 30 scalar values) and \`exp\` (at most 24 hours ahead). On sign-out call \`Widget.forget()\` and reload the page.

## 4. Verify it works

1. Load a page with the snippet. A button named **Open support** appears in the bottom-right corner.
2. In the browser console: \`typeof Widget === 'object'\` is true and no message starts with \`[widget]\`.
3. \`localStorage.getItem('widget:visitor')\` holds a token starting \`wvt_\` (the widget booted against the API).
4. Click **Open support**: a dialog named **Support** opens with a Help tab; Escape closes it.
5. GET \`${api}/widget/install?website_id=${input.websiteId}\` now answers \`"installed": true\`.
6. With a CSP: the console shows no \`Refused to …\` violation.
`;
}
