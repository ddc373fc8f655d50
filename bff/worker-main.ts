import { openDb } from '../server-core/db/open-db';
import { systemClock } from '../server-core/lib/clock';
import { ConfigError, loadConfig } from '../server-core/lib/config';
import { createLogger } from '../server-core/lib/logger';
import { loadOrCreateSecretKey } from '../server-core/lib/secret-key';
import { createEmbedder } from '../server-core/retrieval/embedders/create-embedder';
import { scheduleReembedding } from '../server-core/retrieval/schedule-reembedding';
import { checkSecretKeyFingerprint } from '../server-core/setup/check-secret-key';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { acquireLock, DataDirInUseError } from './runtime/instance-lock';
import { warnIfUnsafeWebhookHosts, webhookDeliveryDeps } from './webhooks/runtime';
import { startWorker } from './worker';

/**
 * `npm run worker`: a worker alone. On Postgres any number may run beside the servers. On the
 * embedded database only one process may open DATA_DIR, and `npm start` already runs a worker in it.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = acquireLock(config.dataDir).release;
    } catch (err) {
      if (err instanceof DataDirInUseError) {
        throw new Error(
          `${err.message}\nThe running server already runs a worker in-process. Separate workers need a shared Postgres (DATABASE_URL).`,
        );
      }
      throw err;
    }
  }
  warnIfUnsafeWebhookHosts(config, logger);
  // The same master key as the servers: it opens the sealed webhook signing secrets.
  const { key: masterKey } = loadOrCreateSecretKey(config.secretKey, config.dataDir);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(db, systemClock.now());
  await checkSecretKeyFingerprint(db, masterKey, systemClock.now());
  const embedder = createEmbedder(config);
  const reembed = await scheduleReembedding(db, embedder.model, systemClock.now());
  if (reembed > 0) logger.info('re-embedding retrieval chunks', { model: embedder.model, sources: reembed });
  const worker = await startWorker({
    db,
    clock: systemClock,
    logger,
    embedder,
    ...webhookDeliveryDeps(config, masterKey),
  });
  const stop = async () => {
    await worker.stop();
    await db.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError ? err.message : `Worker could not start: ${(err as Error).message}`,
  );
  process.exit(1);
});
