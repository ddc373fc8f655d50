import { escapeHtml } from '../../../server-core/lib/escape-html';
import {
  DEMO_SETUP_DETAILS_PATH,
  DEMO_SETUP_PATH,
  DEMO_SETUP_PREFILL,
  type DemoSetupGuideRef,
} from '../../../server-core/setup/demo-setup-guide';
import { FAVICON_LINK } from './demo-assets';

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2430;background:#f4f6f9;min-height:100vh;display:flex;flex-direction:column}
a{color:#1f5fa8}
header{display:flex;align-items:center;gap:16px;padding:12px clamp(16px,4vw,48px);background:#1f2430;color:#fff}
header strong{font-size:18px}
header a{color:#cfd8e6}
main{flex:1;width:100%;max-width:640px;margin:0 auto;padding:40px clamp(16px,4vw,48px) 160px}
h1{font-size:clamp(26px,4vw,34px);line-height:1.2;margin:0 0 8px}
.lead{color:#4a5263;margin:0 0 20px}
.help{display:flex;flex-wrap:wrap;gap:12px;margin:0 0 28px}
.help button{font:inherit;padding:8px 16px;border-radius:8px;border:1px solid #1f5fa8;background:#fff;color:#1f5fa8;cursor:pointer}
.help button.primary{background:#1f5fa8;color:#fff}
form.setup{background:#fff;border:1px solid #e3e6eb;border-radius:12px;padding:24px;display:grid;gap:16px}
label{display:grid;gap:6px;font-weight:600}
input,select{font:inherit;padding:8px 10px;border:1px solid #b9c0cc;border-radius:8px;font-weight:400}
form.setup button{justify-self:start;font:inherit;font-weight:600;padding:8px 20px;border-radius:8px;border:0;background:#1f5fa8;color:#fff;cursor:pointer}
.steps{color:#5b6475;font-size:14px;margin:0 0 8px}
[role=status]{min-height:1.5em;font-weight:600;color:#1b7a43}
:focus-visible{outline:3px solid #e07a2e;outline-offset:2px}
footer{border-top:1px solid #e3e6eb;background:#fff;padding:20px clamp(16px,4vw,48px);font-size:14px;color:#5b6475}`;

interface SetupPageInput {
  snippet: string;
  nonce: string;
  storePage: string;
  /** The published setup guide, or null: then the page says so instead of offering help. */
  guide: DemoSetupGuideRef | null;
  /** Query to keep on the links between the two pages (?website_id=…), already the workspace's spelling. */
  query: string;
}

/** The pre-fill "Do it for me" proposes, keyed by step id as Widget.automation.run takes it. */
function prefillByStepId(guide: DemoSetupGuideRef): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(DEMO_SETUP_PREFILL)) {
    if (value !== undefined) out[guide.stepIds[key as keyof typeof guide.stepIds]] = value;
  }
  return out;
}

const helpButtons = (guide: DemoSetupGuideRef | null) =>
  guide
    ? `<div class="help" role="group" aria-label="Help with this setup">
<button type="button" id="show-me" class="primary">Show me</button>
<button type="button" id="do-it">Do it for me</button></div>`
    : '<p class="lead">The setup guide is not published in this workspace, so there is no help to offer here.</p>';

/**
 * The page's own script: the two help buttons go through the $widget queue (they work before l.js loads);
 * the form keeps the team name in the app's own sessionStorage key and moves on to the next page. Typed
 * values never go to the service: the fixture has no backend.
 */
function pageScript(input: SetupPageInput, onSubmit: string): string {
  const data = input.guide
    ? ` data-guide="${escapeHtml(input.guide.id)}" data-prefill="${escapeHtml(JSON.stringify(prefillByStepId(input.guide)))}"`
    : '';
  return `<script nonce="${escapeHtml(input.nonce)}"${data}>
(function () {
  var d = document.currentScript.dataset;
  var q = function (c) { window.$widget = window.$widget || []; window.$widget.push(c); };
  var show = document.getElementById('show-me');
  if (show) show.addEventListener('click', function () { q(['walkthrough.start', d.guide]); });
  var run = document.getElementById('do-it');
  if (run) run.addEventListener('click', function () { q(['automation.run', d.guide, JSON.parse(d.prefill)]); });
  var form = document.querySelector('form.setup');
  form.addEventListener('submit', function (e) { e.preventDefault(); ${onSubmit} });
})();
</script>`;
}

function page(input: SetupPageInput, title: string, body: string, onSubmit: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Acme Desk demo app</title>${FAVICON_LINK}${input.snippet}
<style nonce="${escapeHtml(input.nonce)}">${STYLE}</style>
</head><body>
<header><strong>Acme Desk</strong><span>Team setup</span></header>
<main>
${body}
</main>
<footer><a href="${escapeHtml(input.storePage)}">Back to the demo store</a> · Acme Desk is a fixture app for walkthroughs and automation: nothing is saved.</footer>
${pageScript(input, onSubmit)}
</body></html>`;
}

/** /demo/app/setup: the first page of the two-page form (the team's name). */
export function demoSetupPage(input: SetupPageInput): string {
  const next = `${DEMO_SETUP_DETAILS_PATH}${input.query}`;
  return page(
    input,
    'Set up your team',
    `<h1>Set up your team</h1>
<p class="lead">Two short pages: name your team, then invite the first teammate.</p>
${helpButtons(input.guide)}
<p class="steps">Page 1 of 2</p>
<form class="setup" aria-label="Team">
<label for="team-name">Team name<input id="team-name" name="team" autocomplete="organization" required></label>
<button type="submit" id="setup-next">Next</button>
</form>`,
    `sessionStorage.setItem('acme-desk:team', document.getElementById('team-name').value); location.assign(${JSON.stringify(next)});`,
  );
}

/** /demo/app/setup/details: the second page (a teammate's e-mail and role), ending with a status line. */
export function demoSetupDetailsPage(input: SetupPageInput): string {
  return page(
    input,
    'Invite a teammate',
    `<h1>Invite a teammate</h1>
<p class="lead">Almost done. <a href="${escapeHtml(`${DEMO_SETUP_PATH}${input.query}`)}">Back to page 1</a></p>
${helpButtons(input.guide)}
<p class="steps">Page 2 of 2</p>
<form class="setup" aria-label="Teammate">
<label for="invite-email">Teammate's e-mail<input id="invite-email" name="email" type="email" autocomplete="off" required></label>
<label for="invite-role">Role<select id="invite-role" name="role"><option value="">Choose a role</option><option value="agent">Agent</option><option value="admin">Admin</option></select></label>
<button type="submit" id="setup-finish">Finish setup</button>
<p role="status" id="setup-status"></p>
</form>`,
    `var team = sessionStorage.getItem('acme-desk:team') || 'Your team';
    var role = document.getElementById('invite-role').value || 'agent';
    document.getElementById('setup-status').textContent = team + ' is set up: the invitation is on its way (' + role + ').';`,
  );
}
