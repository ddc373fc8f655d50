import { getConnInfo } from '@hono/node-server/conninfo';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../../../server-core/lib/errors';
import { type DevInboxMail, listDevInbox } from '../../../server-core/mail/dev-inbox';
import { isMailAddress } from '../../../server-core/mail/outgoing-mail';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { FAVICON_LINK } from './demo-assets';
import { mayReadDevInbox } from './dev-inbox-access';

export const DEV_INBOX_PATH = '/dev/inbox';
const SHOWN = 100;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A mail's text with its http(s) links as anchors; everything else escaped. */
function textWithLinks(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = m[0].replace(/[.,;:!?)\]]+$/, '');
    out += `${escapeHtml(text.slice(last, m.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = m.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

function page(mails: DevInboxMail[]): string {
  const items = mails
    .map(
      (m) => `<article aria-labelledby="m-${m.id}">
<h2 id="m-${m.id}">${escapeHtml(m.subject)}</h2>
<p>To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.kind)} · ${escapeHtml(m.state)} · <time datetime="${m.created_at}">${m.created_at}</time>${m.reply_to ? ` · Reply-To ${escapeHtml(m.reply_to)}` : ''}</p>
<pre>${textWithLinks(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev inbox</title>${FAVICON_LINK}</head>
<body><main>
<h1>Dev inbox</h1>
<p>No SMTP_URL is set, so mail is kept here instead of being sent. Newest first; this page answers only on this machine.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : items}
</main></body></html>`;
}

/**
 * The dev inbox (docs/decisions/mail.md): what the mail outbox holds while no SMTP relay is configured,
 * as a page and as JSON for tests. Not an API operation: like /demo it is a page of the development setup,
 * and it answers 404 wherever mayReadDevInbox says no.
 */
export function registerDevInbox(app: OpenAPIHono<AppEnv>, services: Services): void {
  const allowed = (c: Context<AppEnv>) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      socketAddress = undefined;
    }
    return mayReadDevInbox({
      smtpConfigured: services.config.mail.smtpUrl !== null,
      socketAddress,
      header: (name) => c.req.header(name),
    });
  };
  const read = async (c: Context<AppEnv>) => {
    if (!allowed(c)) throw new DomainError('not_found');
    const to = c.req.query('to');
    if (to !== undefined && !isMailAddress(to))
      throw new DomainError('validation_failed', { field: 'to', rule: 'one e-mail address' });
    return listDevInbox(services.db, { limit: SHOWN, ...(to ? { to } : {}) });
  };
  app.get(DEV_INBOX_PATH, async (c) => {
    const mails = await read(c);
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; base-uri 'none'; form-action 'none'",
    );
    return c.html(page(mails));
  });
  app.get(`${DEV_INBOX_PATH}/messages`, async (c) => {
    const mails = await read(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: mails });
  });
}
