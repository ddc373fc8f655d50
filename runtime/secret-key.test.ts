import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecretKey, parseSecretKey } from './secret-key';

describe('secret key', () => {
  it('parses hex and base64, refuses anything else', () => {
    expect(parseSecretKey('ab'.repeat(32)).length).toBe(32);
    expect(parseSecretKey(Buffer.alloc(32, 7).toString('base64')).length).toBe(32);
    for (const bad of ['', 'short', 'ab'.repeat(31), 'zz'.repeat(32), Buffer.alloc(16).toString('base64')]) {
      expect(() => parseSecretKey(bad), bad).toThrow(/32 bytes/);
    }
  });

  it('generates DATA_DIR/secret.key once with mode 0600, then reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-'));
    const first = loadOrCreateSecretKey(null, join(dir, 'nested'));
    expect(first.created).toBe(true);
    expect(statSync(join(dir, 'nested', 'secret.key')).mode & 0o777).toBe(0o600);
    const second = loadOrCreateSecretKey(null, join(dir, 'nested'));
    expect(second).toEqual({ key: first.key, created: false });
    expect(readFileSync(join(dir, 'nested', 'secret.key'), 'utf8').trim()).toBe(first.key.toString('hex'));
  });

  it('prefers SECRET_KEY and refuses a corrupt key file rather than replacing it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sk-'));
    const env = 'cd'.repeat(32);
    expect(loadOrCreateSecretKey(env, dir).key.toString('hex')).toBe(env);
    writeFileSync(join(dir, 'secret.key'), 'garbage');
    expect(() => loadOrCreateSecretKey(null, dir)).toThrow(/could not be used/);
  });
});
