import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config';
import { loadOrCreateSecretKey, parseSecretKey } from './secret-key';

describe('config', () => {
  it('has defaults a newcomer can run with', () => {
    const c = loadConfig({}, '/work');
    expect(c).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '/work/.data',
      publicUrl: 'http://localhost:8787',
      widgetCdnUrl: 'http://localhost:8787/cdn',
      demo: true,
      inProcessWorker: true,
    });
  });

  it('reads every variable and treats empty as unset', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '/var/lib/x',
      PUBLIC_URL: 'https://support.example.com/',
      WIDGET_CDN_URL: '',
      DEMO: 'off',
      WORKER: 'false',
      TRUST_PROXY: '1',
    });
    expect(c).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h/db',
      dataDir: '/var/lib/x',
      publicUrl: 'https://support.example.com',
      widgetCdnUrl: 'https://support.example.com/cdn',
      demo: false,
      inProcessWorker: false,
      trustProxy: true,
    });
    expect(loadConfig({ SERVE_WIDGET: 'off' }).widgetCdnUrl).toBeNull();
    expect(loadConfig({ WIDGET_CDN_URL: 'https://cdn.example.com/w' }).widgetCdnUrl).toBe(
      'https://cdn.example.com/w',
    );
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', DEMO: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'DEMO']) expect(text).toContain(name);
    }
  });

  it('reads UNSAFE_WEBHOOK_ALLOW_HOSTS as a comma list, empty by default', () => {
    expect(loadConfig({}).unsafeWebhookAllowHosts).toEqual([]);
    expect(
      loadConfig({ UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1, [::1],LocalHost' }).unsafeWebhookAllowHosts,
    ).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    expect(() => loadConfig({ UNSAFE_WEBHOOK_ALLOW_HOSTS: 'http://127.0.0.1/' })).toThrow(
      'UNSAFE_WEBHOOK_ALLOW_HOSTS',
    );
  });

  it('reads the embeddings endpoint: none by default, URL and model together', () => {
    expect(loadConfig({}).embeddings).toBeNull();
    expect(
      loadConfig({
        EMBEDDINGS_URL: 'https://emb.example.com/v1/',
        EMBEDDINGS_MODEL: 'text-embedding-3-small',
        EMBEDDINGS_KEY: 'k',
        EMBEDDINGS_DIM: '1536',
      }).embeddings,
    ).toEqual({
      url: 'https://emb.example.com/v1',
      model: 'text-embedding-3-small',
      key: 'k',
      dimension: 1536,
    });
    expect(() => loadConfig({ EMBEDDINGS_URL: 'https://emb.example.com/v1' })).toThrow(/EMBEDDINGS_MODEL/);
    expect(() => loadConfig({ EMBEDDINGS_MODEL: 'm' })).toThrow(/EMBEDDINGS_URL/);
    expect(() => loadConfig({ EMBEDDINGS_URL: 'ftp://x', EMBEDDINGS_MODEL: 'm' })).toThrow(ConfigError);
  });

  it('knows loopback hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.3.2.1', '[::1]', 'app.localhost'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['example.com', 'localhost.example.com', '10.0.0.1', '128.0.0.1'])
      expect(isLoopbackHost(h)).toBe(false);
  });
});

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
