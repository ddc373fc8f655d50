import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, type FileStore } from '../../server-core/files/file-store';

/** Where the service keeps uploaded files: DATA_DIR/files (shared by the server and its workers). */
export const filesDir = (config: { dataDir: string }) => join(config.dataDir, 'files');

/**
 * Files under one directory (DATA_DIR/files in production): a key is a relative path of checked
 * segments (assertFileKey), so nothing can leave the directory. A write goes to a temporary file in the
 * same directory, is flushed to disk, then renamed over the final name: a reader sees the whole file or
 * none, and a crash leaves at most a `.tmp-` file behind.
 */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    assertFileKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const tmp = `${path}.tmp-${randomBytes(8).toString('hex')}`;
      try {
        const chunks = body instanceof Uint8Array ? [body] : body;
        await pipeline(chunks, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        const handle = await open(tmp, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key): Promise<Readable | null> {
      const path = pathOf(key);
      const stream = createReadStream(path);
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') resolve(null);
          else reject(err);
        });
      });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
