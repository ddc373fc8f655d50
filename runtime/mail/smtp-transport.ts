import nodemailer from 'nodemailer';
import { MailRefused, type MailTransport } from '../../server-core/mail/mail-transport';

const SECOND = 1000;

/**
 * Mail over SMTP_URL (smtp://user:pass@host:587 with STARTTLS when offered, smtps:// for implicit TLS;
 * nodemailer reads options from the query string too). A 5xx answer is a permanent refusal (MailRefused);
 * anything else may work on a later attempt. One pooled connection set per process.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10 * SECOND,
    greetingTimeout: 10 * SECOND,
    socketTimeout: 30 * SECOND,
  });
  return {
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          headers: mail.headers,
          // Never let nodemailer read a file or URL named in a body or attachment.
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { messageId: typeof info.messageId === 'string' ? info.messageId : null };
      } catch (err) {
        const code = (err as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600)
          throw new MailRefused(`relay refused the mail (${code}): ${(err as Error).message}`);
        throw err;
      }
    },
    close: () => transporter.close(),
  };
}
