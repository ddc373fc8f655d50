import type { Config } from '../bff/config';
import type { DemoWorkspace } from '../server-core/setup/demo-seed';

export const DEBUG_HINT = 'Set LOG_LEVEL=debug for the stack trace.';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What a newcomer needs after `npm start`: where things are and how to sign in. */
export function printBanner(input: {
  config: Config;
  url: string;
  demo: DemoWorkspace | null;
  ms: number;
  db: string;
  /** On the embedded database's first start, the part of `ms` that created it. */
  createdDatabaseMs?: number | null;
}): void {
  const { config, demo } = input;
  const base = config.publicUrl;
  const created =
    input.createdDatabaseMs == null
      ? ''
      : `, ${seconds(input.createdDatabaseMs)} of it creating the database: first start only`;
  const lines = [
    `listening on ${input.url} (public URL ${base}; ${input.db === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'Postgres via DATABASE_URL'}; ready in ${seconds(input.ms)}${created})`,
    '',
    `  Staff console    ${base}/app`,
    `  Demo store       ${base}/demo`,
    `  Feedback page    ${base}/demo/feedback`,
    `  Widget harness   ${base}/demo/api`,
    `  API reference    ${base}/docs`,
    `  OpenAPI          ${base}/api/v1/openapi.json`,
    `  Health           ${base}/healthz`,
  ];
  if (config.serveWidget) lines.push(`  Widget loader    ${config.widgetCdnUrl}/l.js`);
  lines.push(
    config.clamd
      ? `  Attachments      scanned by clamd at ${config.clamd.host}:${config.clamd.port}; files in ${config.dataDir}/files`
      : '  Attachments      off: set CLAMD_URL=tcp://host:port (docs/running-in-production.md)',
  );
  lines.push(
    config.mail.smtpUrl
      ? `  Mail             sent through SMTP_URL as ${config.mail.from}`
      : `  Mail             not sent (no SMTP_URL): read it at ${base}/dev/inbox, on this machine only`,
  );
  if (demo) {
    lines.push(
      '',
      '  Demo workspace',
      `    workspace id   ${demo.workspaceId}`,
      `    website id     ${demo.websiteId}`,
      `    owner login    ${demo.ownerEmail} / ${demo.ownerPassword}`,
      `    staff login    ${demo.staffEmail} / ${demo.staffPassword}   (role member: answers conversations)`,
      `    API key        ${demo.apiKey}`,
      '',
      `  Try: curl -s -X POST ${base}/api/v1/auth/login -H 'content-type: application/json' \\`,
      `         -d '{"email":"${demo.ownerEmail}","password":"${demo.ownerPassword}"}'`,
      '',
      `  Chat: open ${base}/demo, start a conversation in the widget's Chat tab, then answer it in the`,
      `         staff console's Inbox (${base}/app, owner or staff login), or from a terminal with`,
      `         npm run ops -- reply ${demo.workspaceId} <conversationId> "Hello from staff"`,
      `       (the conversation id: GET /api/v1/conversations with the API key, or the portal's listPortalConversations)`,
    );
  } else if (config.demo) {
    lines.push('', `  The demo workspace exists, but its credentials file is gone from ${config.dataDir}.`);
  }
  console.log(lines.join('\n'));
}
