/** A mail as the transport sends it: the outbox row plus the sender. */
export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  headers: Record<string, string>;
}

/**
 * Carries a mail to the relay (runtime/mail/smtp-transport.ts: nodemailer over SMTP_URL). Throws
 * MailRefused when the relay refused it for good (a 5xx answer: retrying cannot help), any other error
 * when it may work later.
 */
export interface MailTransport {
  send(mail: MailEnvelope): Promise<{ messageId: string | null }>;
}

export class MailRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MailRefused';
  }
}
