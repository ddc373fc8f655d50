import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Db } from '../../server-core/db/db';
import { openDb } from '../../server-core/db/open-db';
import { type Clock, systemClock } from '../../server-core/lib/clock';
import type { Config } from '../../server-core/lib/config';
import type { Logger } from '../../server-core/lib/logger';
import { loadOrCreateSecretKey } from '../../server-core/lib/secret-key';
import { createEmbedder } from '../../server-core/retrieval/embedders/create-embedder';
import { scheduleReembedding } from '../../server-core/retrieval/schedule-reembedding';
import { ensureVectorIndex } from '../../server-core/retrieval/vector-index';
import { checkSecretKeyFingerprint } from '../../server-core/setup/check-secret-key';
import { seedDemoWorkspace } from '../../server-core/setup/demo-seed';
import { ensureDemoWidget } from '../../server-core/setup/demo-widget';
import { prepareDatabase } from '../../server-core/setup/prepare-database';
import type { SeededWorkspace } from '../../server-core/setup/seed-workspace';
import { buildApp } from '../app';
import { createServices } from '../services';
import { warnIfUnsafeWebhookHosts, webhookDeliveryDeps } from '../webhooks/runtime';
import { startWorker } from '../worker';
import { acquireLock, type HeldLock } from './instance-lock';
import { startOpsSocket } from './ops-socket';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  demo: SeededWorkspace | null;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** dist/ with the built widget; served under /cdn when config.serveWidget. */
  widgetDistDir: string;
}

/**
 * Starts the BFF: lock the data dir (embedded database only), secret key, database and migrations,
 * demo seed, HTTP server, in-process worker, ops socket. Every step undone by close().
 */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, logger } = opts;
  const clock = opts.clock ?? systemClock;
  const undo: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const step of undo.reverse()) await step();
  };
  try {
    let lock: HeldLock | null = null;
    if (!config.databaseUrl) {
      lock = acquireLock(config.dataDir);
      const held = lock;
      undo.push(() => held.release());
    }
    warnIfUnsafeWebhookHosts(config, logger);
    const { key: masterKey, created } = loadOrCreateSecretKey(config.secretKey, config.dataDir);
    if (created)
      logger.warn('generated a new SECRET_KEY into DATA_DIR; set SECRET_KEY in production', {
        dir: config.dataDir,
      });

    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    undo.push(() => db.close());
    const applied = await prepareDatabase(db, clock.now());
    if (applied.length > 0) logger.info('migrations applied', { migrations: applied.join(',') });
    await checkSecretKeyFingerprint(db, masterKey, clock.now());

    let demo: SeededWorkspace | null = null;
    if (config.demo) {
      demo = await seedDemoWorkspace(db, clock.now());
      if (demo) {
        writeFileSync(join(config.dataDir, DEMO_CREDENTIALS_FILE), `${JSON.stringify(demo, null, 2)}\n`, {
          mode: 0o600,
        });
      }
    }

    const embedder = createEmbedder(config);
    if (embedder.dimension > 0) await ensureVectorIndex(db, embedder.dimension);
    const services = createServices({ db, clock, config, logger, masterKey, embedder });
    undo.push(() => services.close());
    if (config.demo) await ensureDemoWidget(db, services.box, clock.now(), config.publicUrl);
    const app = buildApp(services, { widgetDistDir: config.serveWidget ? opts.widgetDistDir : null });
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    undo.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    // The offline embedder converts its word vectors on the very first start (seconds): in the background.
    const warming = Date.now();
    embedder.ready().then(
      () => logger.debug('embedder ready', { model: embedder.model, ms: Date.now() - warming }),
      (err: Error) => logger.error('embedder failed to load', { model: embedder.model, error: err.message }),
    );

    if (config.inProcessWorker) {
      const worker = await startWorker({
        db,
        clock,
        logger,
        embedder,
        ...webhookDeliveryDeps(config, masterKey),
      });
      undo.push(() => worker.stop());
    }
    // Chunks of another embedding model (or never embedded) get jobs; search serves meanwhile.
    const reembed = await scheduleReembedding(db, embedder.model, clock.now());
    if (reembed > 0)
      logger.info('re-embedding retrieval chunks', { model: embedder.model, sources: reembed });
    if (lock) {
      const ops = await startOpsSocket(services, lock.info.opsSocket);
      undo.push(() => ops.close());
      lock.update({ url: config.publicUrl });
    }
    return {
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      port,
      db,
      demo,
      close,
    };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}
