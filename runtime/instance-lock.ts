import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite is one process: two processes opening the same DATA_DIR would corrupt it. The server holds
 * DATA_DIR/server.lock (created exclusively) while it runs; tools read it to find the ops socket.
 */
export interface LockInfo {
  pid: number;
  startedAt: string;
  opsSocket: string;
  url?: string;
}

export const LOCK_FILE = 'server.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
    /** A further line for the process that was refused (the worker says where workers belong). */
    hint?: string,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process (pid ${holder.pid}, started ${holder.startedAt}). ` +
        'Stop it first, or use another DATA_DIR. The embedded database cannot be opened by two processes.' +
        (hint ? `\n${hint}` : ''),
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Unix socket paths are limited to ~104 bytes; long data dirs get a socket in the temp dir. */
export function opsSocketPath(dataDir: string): string {
  const local = join(dataDir, 'ops.sock');
  if (Buffer.byteLength(local) < 100) return local;
  return join(
    tmpdir(),
    `support-ops-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`,
  );
}

/** The live holder of the lock, or null (no lock, or a stale one left by a dead process). */
export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as LockInfo;
    return typeof info.pid === 'number' && isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export interface HeldLock {
  info: LockInfo;
  update(patch: Partial<LockInfo>): void;
  release(): void;
}

export function acquireLock(dataDir: string): HeldLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  const info: LockInfo = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    opsSocket: opsSocketPath(dataDir),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      return {
        info,
        update(patch) {
          Object.assign(info, patch);
          writeFileSync(path, JSON.stringify(info), { mode: 0o600 });
        },
        release() {
          const current = readLock(dataDir);
          if (!current || current.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(dataDir);
      if (holder) throw new DataDirInUseError(dataDir, holder);
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take ${path}`);
}
