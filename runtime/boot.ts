import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../bff/config';
import { embedderSettings } from '../bff/config';
import type { Logger } from '../bff/logger';
import type { Db } from '../server-core/db/db';
import { openDb } from '../server-core/db/open-db';
import { type Clock, systemClock } from '../server-core/lib/clock';
import { createEmbedder } from '../server-core/retrieval/embedders/create-embedder';
import { scheduleReembedding } from '../server-core/retrieval/schedule-reembedding';
import type { Embedder } from '../server-core/retrieval/types';
import { ensureVectorIndex } from '../server-core/retrieval/vector-index';
import { checkSecretKeyFingerprint } from '../server-core/setup/check-secret-key';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { createClamdScanner } from './clamd/clamd-scanner';
import { createDiskFileStore, filesDir } from './files/disk-file-store';
import { acquireLock, type HeldLock } from './instance-lock';
import { createSmtpTransport } from './mail/smtp-transport';
import { loadOrCreateSecretKey } from './secret-key';
import { warnIfUnsafeWebhookHosts, webhookDeliveryDeps } from './webhook-delivery';
import type { WorkerDeps } from './worker/deps';
import type { WorkerOptions } from './worker/loop';

/**
 * What a first start on the embedded database costs, measured with `npm start` on a fresh DATA_DIR (issue
 * 12, docs/decisions/running.md#the-first-start-says-how-long-it-takes): PGlite's initdb is most of it.
 */
export const FIRST_START_HINT = 'usually 5 to 15 s';

export interface BootOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
}

/** A process that has booted: its database open and migrated, its key checked, its embedder made. */
export interface Booted {
  config: Config;
  logger: Logger;
  clock: Clock;
  db: Db;
  masterKey: Buffer;
  embedder: Embedder & { ready(): Promise<void> };
  /** The DATA_DIR lock (embedded database only); null on Postgres. */
  lock: HeldLock | null;
  /** How long creating the embedded database took, on its first start (PGlite's initdb); else null. */
  createdDatabaseMs: number | null;
  /** Adds a step for close() to undo; steps are undone in reverse order. */
  onClose(step: () => Promise<void> | void): void;
  /** Undoes every step, the boot's own last (database closed, lock released). */
  close(): Promise<void>;
}

/**
 * What every process of the service does first, the server (`npm start`) and the worker
 * (`npm run worker`) alike: lock DATA_DIR (embedded database only: it allows one process), load or
 * generate the secret key, open and migrate the database, refuse a key the database was not set up
 * with, make the configured embedder (and its vector index), and schedule re-embedding of chunks of
 * another model. A failing step undoes the ones before it.
 */
export async function boot(opts: BootOptions): Promise<Booted> {
  const { config, logger } = opts;
  const clock = opts.clock ?? systemClock;
  const undo: (() => Promise<void> | void)[] = [];
  const close = async () => {
    while (undo.length > 0) await undo.pop()!();
  };
  try {
    let lock: HeldLock | null = null;
    if (!config.databaseUrl) {
      const held = acquireLock(config.dataDir);
      lock = held;
      undo.push(() => held.release());
    }
    warnIfUnsafeWebhookHosts(config, logger);
    // Every process shares one master key: it opens the sealed webhook signing secrets.
    const { key: masterKey, created } = loadOrCreateSecretKey(config.secretKey, config.dataDir);
    if (created)
      logger.warn('generated a new SECRET_KEY into DATA_DIR; set SECRET_KEY in production', {
        dir: config.dataDir,
      });

    // The embedded database's first start runs initdb, most of a first start's time: say so before.
    const fresh = !config.databaseUrl && !existsSync(join(config.dataDir, 'pg'));
    if (fresh)
      logger.info(`first start: creating the embedded database (${FIRST_START_HINT}; later starts skip it)`, {
        dir: join(config.dataDir, 'pg'),
      });
    const opening = Date.now();
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    undo.push(() => db.close());
    const createdDatabaseMs = fresh ? Date.now() - opening : null;
    const applied = await prepareDatabase(db, clock.now());
    if (applied.length > 0) logger.info('migrations applied', { migrations: applied.join(',') });
    await checkSecretKeyFingerprint(db, masterKey, clock.now());

    const embedder = createEmbedder(embedderSettings(config));
    undo.push(async () => {
      await embedder.close?.();
    });
    if (embedder.dimension > 0) await ensureVectorIndex(db, embedder.dimension);
    // Chunks of another embedding model (or never embedded) get jobs; search serves meanwhile.
    const reembed = await scheduleReembedding(db, embedder.model, clock.now());
    if (reembed > 0)
      logger.info('re-embedding retrieval chunks', { model: embedder.model, sources: reembed });

    return {
      config,
      logger,
      clock,
      db,
      masterKey,
      embedder,
      lock,
      createdDatabaseMs,
      onClose: (step) => void undo.push(step),
      close,
    };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

/** How a worker of a booted process claims: the webhook concurrency caps of the configuration. */
export function workerOptions(booted: Pick<Booted, 'config'>): WorkerOptions {
  const { perWorkspace, perEndpoint } = booted.config.webhookConcurrency;
  return { caps: { perWorkspace, perKey: perEndpoint } };
}

/** What a worker of a booted process runs with: its database, clock, embedder and webhook delivery. */
export function workerDeps(booted: Booted): WorkerDeps {
  return {
    db: booted.db,
    clock: booted.clock,
    logger: booted.logger,
    embedder: booted.embedder,
    attachments: {
      store: createDiskFileStore(filesDir(booted.config)),
      scanner: booted.config.clamd ? createClamdScanner(booted.config.clamd, booted.config.clamd) : null,
    },
    mail: mailDeps(booted),
    ...webhookDeliveryDeps(booted.config, booted.masterKey),
  };
}

/** The SMTP transport of SMTP_URL (closed with the process), or null: mail is held for the dev inbox. */
function mailDeps(booted: Booted): WorkerDeps['mail'] {
  const { smtpUrl, from } = booted.config.mail;
  if (!smtpUrl) return null;
  const transport = createSmtpTransport(smtpUrl);
  booted.onClose(() => transport.close());
  return { transport, from };
}
