import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../bff/config';
import { createLogger, silentLogger } from '../bff/logger';
import { openThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { boot } from './boot';
import { DataDirInUseError, readLock } from './instance-lock';
import { startServer } from './server';
import { fakeBundle } from './testing/fake-bundle';
import { WidgetBundleError } from './widget-bundle';
import { startWorkerProcess } from './worker-process';

const config = (env: Record<string, string>) =>
  loadConfig({ PORT: '0', DEMO: 'off', LOG_LEVEL: 'error', ...env });

/** A logger that keeps its lines, and a wait for one of them. */
function capture() {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger('debug', (l) => lines.push(l)),
    async waitFor(pattern: RegExp): Promise<void> {
      const deadline = Date.now() + 20_000;
      while (!lines.some((l) => pattern.test(l))) {
        if (Date.now() > deadline) throw new Error(`never logged ${pattern}:\n${lines.join('\n')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

describe('the server start refuses a widget bundle it cannot serve, before it opens anything', () => {
  it('names the build command for a missing bundle and for one built for another WIDGET_API_URL', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'srv-')), 'data');
    const empty = mkdtempSync(join(tmpdir(), 'dist-'));
    await expect(
      startServer({ config: config({ DATA_DIR: dataDir }), logger: silentLogger, widgetDistDir: empty }),
    ).rejects.toThrow(/No built widget in .*\n {2}npm run build\n/);
    const other = fakeBundle({ widgetApiUrl: 'https://api.example.com' });
    const refused = startServer({
      config: config({ DATA_DIR: dataDir, WIDGET_API_URL: 'https://other.example.com' }),
      logger: silentLogger,
      widgetDistDir: other,
    });
    await expect(refused).rejects.toThrow(WidgetBundleError);
    await expect(refused).rejects.toThrow(
      'rebuild it with\n  WIDGET_API_URL=https://other.example.com npm run build',
    );
    // Nothing was opened: no lock, no key, no database.
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'Postgres: DATA_DIR is created by the server when it writes to it',
  () => {
    it('the demo credentials land in a DATA_DIR that did not exist (SECRET_KEY set, so no key file made it)', async () => {
      const base = process.env.DATABASE_URL!;
      const scoped = await openThrowawaySchema(base, { prefix: 'rt', max: 1 });
      const parent = mkdtempSync(join(tmpdir(), 'srv-'));
      const dataDir = join(parent, 'data');
      try {
        const server = await startServer({
          config: config({
            DATABASE_URL: `${base}${base.includes('?') ? '&' : '?'}search_path=${scoped.schema}`,
            SECRET_KEY: 'ab'.repeat(32),
            DATA_DIR: dataDir,
            DEMO: 'on',
            SERVE_WIDGET: 'off',
            WORKER: 'off',
          }),
          logger: silentLogger,
          widgetDistDir: '/nonexistent',
        });
        try {
          expect(server.demo?.ownerEmail).toBe('owner@demo.test');
          const written = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
          expect(written.apiKey).toBe(server.demo?.apiKey);
          expect(statSync(join(dataDir, 'demo-credentials.json')).mode & 0o777).toBe(0o600);
        } finally {
          await server.close();
        }
      } finally {
        await scoped.dispose();
        rmSync(parent, { recursive: true, force: true });
      }
    }, 120_000);
  },
);

describe('one boot for the server and the worker', () => {
  it('embedded: the server serves dist/ and the API and runs its worker; a worker process is refused while it holds the DATA_DIR, and boots on it once stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'srv-'));
    const log = capture();
    const server = await startServer({
      config: config({ DATA_DIR: dataDir }),
      logger: log.logger,
      widgetDistDir: fakeBundle(),
    });
    try {
      expect(log.lines.join('\n')).toMatch(
        /generated a new SECRET_KEY .*\n.*first start: creating the embedded database \(usually 5 to 15 s.*\n.*migrations applied/,
      );
      expect(existsSync(join(dataDir, 'secret.key'))).toBe(true);
      expect(readLock(dataDir)?.pid).toBe(process.pid);
      const loader = await fetch(`${server.url}/cdn/l.js`);
      expect(await loader.text()).toBe('console.log("loader")');
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({
        status: 'ok',
        database: 'pglite',
      });
      // Its in-process worker scheduled housekeeping at start and ran it.
      await log.waitFor(/DEBUG housekeeping done/);

      const refused = startWorkerProcess({ config: config({ DATA_DIR: dataDir }), logger: silentLogger });
      await expect(refused).rejects.toThrow(DataDirInUseError);
      await expect(refused).rejects.toThrow(
        /in use by another process.*\n.*Separate workers need a shared Postgres/,
      );
    } finally {
      await server.close();
    }
    expect(readLock(dataDir)).toBeNull();

    // Stopped, the same DATA_DIR boots as a worker: same key, no migration left.
    const worker = await startWorkerProcess({ config: config({ DATA_DIR: dataDir }), logger: silentLogger });
    await worker.stop();
    expect(readLock(dataDir)).toBeNull();
    // And a key the database was not set up with is refused at boot, the lock given back.
    await expect(
      boot({ config: config({ DATA_DIR: dataDir, SECRET_KEY: 'ab'.repeat(32) }), logger: silentLogger }),
    ).rejects.toThrow(/SECRET_KEY is not the key this database was set up with/);
    expect(readLock(dataDir)).toBeNull();
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it.runIf(process.env.DATABASE_URL)(
    'Postgres: a server without a worker and a worker process on one database; the worker does the jobs',
    async () => {
      const base = process.env.DATABASE_URL!;
      const scoped = await openThrowawaySchema(base, { prefix: 'rt', max: 1 });
      const env = {
        DATABASE_URL: `${base}${base.includes('?') ? '&' : '?'}search_path=${scoped.schema}`,
        SECRET_KEY: 'cd'.repeat(32),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'srv-')),
      };
      const server = await startServer({
        config: config({ ...env, WORKER: 'off', SERVE_WIDGET: 'off' }),
        logger: silentLogger,
        widgetDistDir: '/nonexistent',
      });
      try {
        expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({
          status: 'ok',
          database: 'postgres',
        });
        const log = capture();
        const worker = await startWorkerProcess({ config: config(env), logger: log.logger });
        try {
          await log.waitFor(/DEBUG housekeeping done/);
          expect(log.lines.join('\n')).toContain(`worker started worker_id=${worker.workerId}`);
        } finally {
          await worker.stop();
        }
        await expect(
          startWorkerProcess({
            config: config({ ...env, SECRET_KEY: 'ef'.repeat(32) }),
            logger: silentLogger,
          }),
        ).rejects.toThrow(/SECRET_KEY is not the key this database was set up with/);
      } finally {
        await server.close();
        await scoped.dispose();
      }
    },
    120_000,
  );
});
