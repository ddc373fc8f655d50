import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: put, get and delete by key. The service always makes the key itself
 * (fileKey); nothing a sender says becomes part of it. The runtime provides the implementation
 * (runtime/files/disk-file-store.ts: DATA_DIR/files) through the BFF's Services and the worker's deps.
 */
export interface FileStore {
  /** Stores the bytes under the key, whole or not at all (an existing file of that key is replaced). */
  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array>): Promise<void>;
  /** The bytes as a stream, or null when there is no file of that key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** What a key looks like: lower-case ids joined by slashes (at most four segments). */
export const FILE_KEY = /^[0-9a-z]{1,64}(\/[0-9a-z]{1,64}){0,3}$/;

/** The key of a file: its workspace, then the file's own id (both ids the service made). */
export function fileKey(workspaceId: string, fileId: string): string {
  const key = `${workspaceId}/${fileId}`;
  assertFileKey(key);
  return key;
}

/** Every store checks the keys it is given, so a key can never climb out of the store. */
export function assertFileKey(key: string): void {
  if (!FILE_KEY.test(key)) throw new Error('not a file key');
}
