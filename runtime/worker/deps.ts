import type { Logger } from '../../bff/logger';
import type { VirusScanner } from '../../server-core/attachments/virus-scanner';
import type { Db } from '../../server-core/db/db';
import type { FileStore } from '../../server-core/files/file-store';
import type { Job } from '../../server-core/jobs/jobs';
import type { Clock } from '../../server-core/lib/clock';
import type { SecretBox } from '../../server-core/lib/secret-box';
import type { MailTransport } from '../../server-core/mail/mail-transport';
import type { Embedder } from '../../server-core/retrieval/types';
import type { WebhookTransport } from '../../server-core/webhooks/transport';

/** What a worker's job handlers may use. */
export interface WorkerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Opens sealed webhook signing secrets. */
  box: SecretBox;
  /** Carries webhook attempts: attempt-time SSRF guard, pinned address, time-out. */
  webhookTransport: WebhookTransport;
  /** Fills retrieval vectors (EMBED_SOURCE_JOB); a worker without one fails those jobs. */
  embedder?: Embedder;
  /** Uploaded files (DATA_DIR/files) and the virus scanner (CLAMD_URL) for SCAN_ATTACHMENT_JOB. */
  attachments?: { store: FileStore; scanner: VirusScanner | null };
  /**
   * Sends the mail outbox (SEND_MAIL_JOB): the SMTP transport and sender, or null when no SMTP_URL is set
   * (mail is then held for the dev inbox). A worker without this field holds mail too.
   */
  mail?: { transport: MailTransport; from: string } | null;
}

/** Runs a job; resolves to JOB_COMPLETED when it marked the job done itself, in its own commit. */
export type JobHandler = (job: Job, deps: WorkerDeps) => Promise<unknown>;
