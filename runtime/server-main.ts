import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../bff/config';
import { createLogger } from '../bff/logger';
import { DEBUG_HINT, printBanner } from './banner';
import { DataDirInUseError } from './instance-lock';
import { DEMO_CREDENTIALS_FILE, startServer } from './server';
import { DIST_DIR, WidgetBundleError } from './widget-bundle';

/**
 * The server (`npm start`, after scripts/ensure-widget.ts built dist/ when needed): config from the
 * environment, then serve. It never builds the widget: it serves dist/ or refuses to start.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const server = await startServer({ config, logger, widgetDistDir: DIST_DIR });
  let credentials = server.demo;
  if (!credentials && config.demo) {
    try {
      credentials = JSON.parse(readFileSync(join(config.dataDir, DEMO_CREDENTIALS_FILE), 'utf8'));
    } catch {
      credentials = null;
    }
  }
  printBanner({
    config,
    url: server.url,
    demo: credentials,
    ms: Date.now() - started,
    db: server.db.kind,
    createdDatabaseMs: server.createdDatabaseMs,
  });

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
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof WidgetBundleError)
    console.error(err.message);
  else console.error('Could not start:', err instanceof Error ? err.message : err, `\n${DEBUG_HINT}`);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
