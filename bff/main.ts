import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../server-core/lib/config';
import { createLogger } from '../server-core/lib/logger';
import { DEBUG_HINT, printBanner } from './runtime/banner';
import { DataDirInUseError } from './runtime/instance-lock';
import { DEMO_CREDENTIALS_FILE, startServer } from './runtime/start';

/** `npm start`: config from the environment, build the widget if missing, then serve. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const { DIST_DIR, ensureWidgetBuilt } = await import('../scripts/build-widget');
  if (config.serveWidget) {
    const { built, info } = await ensureWidgetBuilt(DIST_DIR);
    if (built) logger.info('built the widget', { entry: info.entry });
  }
  const server = await startServer({ config, logger, widgetDistDir: DIST_DIR });
  let credentials = server.demo;
  if (!credentials && config.demo) {
    try {
      credentials = JSON.parse(readFileSync(join(config.dataDir, DEMO_CREDENTIALS_FILE), 'utf8'));
    } catch {
      credentials = null;
    }
  }
  printBanner({ config, url: server.url, demo: credentials, ms: Date.now() - started, db: server.db.kind });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) console.error(err.message);
  else console.error('Could not start:', err instanceof Error ? err.message : err, `\n${DEBUG_HINT}`);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
