import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '../bff/app';
import type { Config } from '../bff/config';
import type { Logger } from '../bff/logger';
import { createServices } from '../bff/services';
import type { Db } from '../server-core/db/db';
import type { Clock } from '../server-core/lib/clock';
import { ensureDemoAutomation } from '../server-core/setup/demo-automation';
import { ensureDemoContent } from '../server-core/setup/demo-content';
import { ensureDemoExperiences } from '../server-core/setup/demo-experiences';
import { ensureDemoHelpCenterHost } from '../server-core/setup/demo-help-center';
import { ensureDemoProactive } from '../server-core/setup/demo-proactive';
import type { DemoWorkspace } from '../server-core/setup/demo-seed';
import { seedDemoWorkspace } from '../server-core/setup/demo-seed';
import { ensureDemoWidget } from '../server-core/setup/demo-widget';
import { boot, workerDeps, workerOptions } from './boot';
import { createDiskFileStore, filesDir } from './files/disk-file-store';
import { createDomainProofFetcher } from './http/domain-proof-fetcher';
import { listenHttp } from './http-server';
import { startOpsSocket } from './ops-socket';
import { type RealtimeServer, startRealtime } from './realtime-server';
import { checkWidgetBundle, consoleDir } from './widget-bundle';
import { startWorker } from './worker/loop';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  demo: DemoWorkspace | null;
  /** Set on the embedded database's first start: how long creating it took. */
  createdDatabaseMs: number | null;
  /** The widget realtime sockets of this process. */
  realtime: RealtimeServer;
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
 * Starts the BFF: checks the widget bundle it would serve, boots (lock, key, database and migrations,
 * embedder), seeds the demo, then widget realtime (its LISTEN) and the HTTP server, the in-process worker
 * and the ops socket. Every step undone by close().
 */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, logger } = opts;
  // Before anything is opened: a missing bundle, or one built for another WIDGET_API_URL, stops the start.
  if (config.serveWidget) checkWidgetBundle(opts.widgetDistDir, config.widgetApiUrl);
  const booted = await boot(opts);
  const { db, clock, embedder } = booted;
  try {
    let demo: DemoWorkspace | null = null;
    if (config.demo) {
      // The credentials file is the only copy of the demo's password and key: DATA_DIR must exist before
      // the seed commits (on Postgres nothing else may have created it: no lock, and SECRET_KEY given).
      mkdirSync(config.dataDir, { recursive: true });
      demo = await seedDemoWorkspace(db, clock.now());
      if (demo) {
        writeFileSync(join(config.dataDir, DEMO_CREDENTIALS_FILE), `${JSON.stringify(demo, null, 2)}\n`, {
          mode: 0o600,
        });
      }
    }

    const services = createServices({
      db,
      clock,
      config,
      logger,
      masterKey: booted.masterKey,
      embedder,
      domainProof: createDomainProofFetcher({ allowHosts: config.unsafeWebhookAllowHosts }),
      files: createDiskFileStore(filesDir(config)),
    });
    booted.onClose(() => services.close());
    if (config.demo) {
      await ensureDemoWidget(db, services.box, clock.now(), config.publicUrl);
      await ensureDemoHelpCenterHost(db, clock.now());
      await ensureDemoContent(db, clock.now(), services.embedder);
      await ensureDemoExperiences(db, clock.now());
      await ensureDemoAutomation(db, clock.now(), config);
      await ensureDemoProactive(db, clock.now());
    }
    const app = buildApp(services, {
      widgetDistDir: config.serveWidget ? opts.widgetDistDir : null,
      consoleDistDir: consoleDir(opts.widgetDistDir),
    });
    const realtime = await startRealtime(services);
    booted.onClose(() => realtime.close());
    const server = await listenHttp({
      fetch: app.fetch,
      port: config.port,
      host: config.host,
      limits: config.http,
      upgrade: realtime.upgrade,
    });
    // The sockets close first: the HTTP server's close waits for every connection, WebSockets included.
    booted.onClose(async () => {
      await realtime.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const port = (server.address() as AddressInfo).port;
    // The offline embedder converts its word vectors on the very first start (seconds): in the background.
    const warming = Date.now();
    embedder.ready().then(
      () => logger.debug('embedder ready', { model: embedder.model, ms: Date.now() - warming }),
      (err: Error) => logger.error('embedder failed to load', { model: embedder.model, error: err.message }),
    );

    if (config.inProcessWorker) {
      const worker = await startWorker(workerDeps(booted), workerOptions(booted));
      booted.onClose(() => worker.stop());
    }
    if (booted.lock) {
      const ops = await startOpsSocket(services, booted.lock.info.opsSocket);
      booted.onClose(() => ops.close());
      booted.lock.update({ url: config.publicUrl });
    }
    return {
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      port,
      db,
      demo,
      createdDatabaseMs: booted.createdDatabaseMs,
      realtime,
      close: booted.close,
    };
  } catch (err) {
    await booted.close().catch(() => {});
    throw err;
  }
}
