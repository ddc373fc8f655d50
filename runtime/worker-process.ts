import type { Config } from '../bff/config';
import type { Logger } from '../bff/logger';
import type { Clock } from '../server-core/lib/clock';
import { boot, workerDeps, workerOptions } from './boot';
import { DataDirInUseError } from './instance-lock';
import { startWorker } from './worker/loop';

export interface RunningWorker {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * A worker alone (`npm run worker`): the same boot as the server, then the worker loop. On Postgres
 * any number may run beside the servers. The embedded database allows one process, and the server
 * already runs a worker in it.
 */
export async function startWorkerProcess(opts: {
  config: Config;
  logger: Logger;
  clock?: Clock;
}): Promise<RunningWorker> {
  const booted = await boot(opts).catch((err: unknown) => {
    if (err instanceof DataDirInUseError) {
      throw new DataDirInUseError(
        err.dataDir,
        err.holder,
        'The running server already runs a worker in-process. Separate workers need a shared Postgres (DATABASE_URL).',
      );
    }
    throw err;
  });
  try {
    const worker = await startWorker(workerDeps(booted), workerOptions(booted));
    booted.onClose(() => worker.stop());
    return { workerId: worker.workerId, stop: booted.close };
  } catch (err) {
    await booted.close().catch(() => {});
    throw err;
  }
}
