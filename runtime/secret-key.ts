import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/** Parses SECRET_KEY: 32 bytes written as 64 hex characters or as base64/base64url. */
export function parseSecretKey(value: string): Buffer {
  const v = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (bytes.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(v) && !/^[A-Za-z0-9+/_-]{43}=?$/.test(v))) {
    throw new Error('SECRET_KEY must be 32 bytes, written as 64 hex characters or as base64.');
  }
  return bytes;
}

/**
 * The master secret: SECRET_KEY when set, otherwise DATA_DIR/secret.key, generated (mode 0600) on
 * first start. `created` tells the caller a new key was just written.
 */
export function loadOrCreateSecretKey(
  envValue: string | null,
  dataDir: string,
): { key: Buffer; created: boolean } {
  if (envValue) return { key: parseSecretKey(envValue), created: false };
  const path = join(dataDir, SECRET_KEY_FILE);
  try {
    return { key: parseSecretKey(readFileSync(path, 'utf8')), created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${path} exists but could not be used: ${(err as Error).message}`);
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created it meanwhile; then we read theirs.
  try {
    writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return { key, created: true };
  } catch {
    return { key: parseSecretKey(readFileSync(path, 'utf8')), created: false };
  }
}
