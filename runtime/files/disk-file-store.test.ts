import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../server-core/files/file-store';
import { createDiskFileStore } from './disk-file-store';

describe('disk file store', () => {
  let root: string;
  let store: FileStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'files-'));
    store = createDiskFileStore(join(root, 'files'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('puts, gets and deletes by key; a missing file is null', async () => {
    await store.put('ws1/file1', new TextEncoder().encode('hello'));
    expect(await text((await store.get('ws1/file1'))!)).toBe('hello');
    expect(await readFile(join(root, 'files', 'ws1', 'file1'), 'utf8')).toBe('hello');
    await store.delete('ws1/file1');
    expect(await store.get('ws1/file1')).toBeNull();
    await store.delete('ws1/file1'); // twice is fine
  });

  it('writes streams whole and leaves no temporary file', async () => {
    async function* parts() {
      yield new TextEncoder().encode('a'.repeat(70_000));
      yield new TextEncoder().encode('b');
    }
    await store.put('ws1/big', parts());
    expect((await text((await store.get('ws1/big'))!)).length).toBe(70_001);
    expect(await readdir(join(root, 'files', 'ws1'))).toEqual(['big']);
  });

  it('a failing stream leaves neither the file nor a temporary one', async () => {
    async function* broken() {
      yield new TextEncoder().encode('partial');
      throw new Error('sender went away');
    }
    await expect(store.put('ws1/broken', broken())).rejects.toThrow('sender went away');
    expect(await store.get('ws1/broken')).toBeNull();
    expect(await readdir(join(root, 'files', 'ws1'))).toEqual([]);
  });

  it.each([
    '../escape',
    'ws1/../../etc/passwd',
    '/abs',
    'ws1/',
    'WS1/upper',
    'ws1/file.png',
    'a/b/c/d/e',
    '',
    'ws1\\x',
  ])('refuses the key %j', async (key) => {
    await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow('not a file key');
    await expect(store.get(key)).rejects.toThrow('not a file key');
    await expect(store.delete(key)).rejects.toThrow('not a file key');
  });
});
