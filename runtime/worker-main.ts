import { ConfigError, loadConfig } from '../bff/config';
import { createLogger } from '../bff/logger';
import { startWorkerProcess } from './worker-process';

/** `npm run worker`: a worker alone (runtime/worker-process.ts). */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const worker = await startWorkerProcess({ config, logger: createLogger(config.logLevel) });
  const stop = async () => {
    await worker.stop();
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
