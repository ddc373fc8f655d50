import { describe, expect, it } from 'vitest';
import { ConfigError, embedderSettings, isLoopbackHost, loadConfig } from './config';

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
      trustProxy: { mode: 'hops', hops: 1 },
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

  it('reads the sign-in throttle limits, with the defaults of login-throttle.ts', () => {
    expect(loadConfig({}).login).toEqual({
      freeFailures: 5,
      maxBackoffMs: 900_000,
      accountFailures: 100,
      addressFailures: 50,
    });
    expect(
      loadConfig({
        LOGIN_FREE_FAILURES: '3',
        LOGIN_BACKOFF_MAX: '60',
        LOGIN_ACCOUNT_LIMIT: '500',
        LOGIN_ADDRESS_LIMIT: '20',
      }).login,
    ).toEqual({ freeFailures: 3, maxBackoffMs: 60_000, accountFailures: 500, addressFailures: 20 });
    expect(() => loadConfig({ LOGIN_FREE_FAILURES: '0' })).toThrow('LOGIN_FREE_FAILURES');
  });

  it('reads the anonymous widget limits per address and website', () => {
    expect(loadConfig({}).widgetLimits).toEqual({ bootsPerMinute: 300, searchesPerMinute: 120 });
    expect(
      loadConfig({ WIDGET_BOOTS_PER_MINUTE: '30', WIDGET_SEARCHES_PER_MINUTE: '10' }).widgetLimits,
    ).toEqual({ bootsPerMinute: 30, searchesPerMinute: 10 });
    expect(() => loadConfig({ WIDGET_BOOTS_PER_MINUTE: 'lots' })).toThrow('WIDGET_BOOTS_PER_MINUTE');
  });

  it('reads the webhook limits: 20 endpoints a workspace, 8 attempts at once a workspace, 4 an endpoint', () => {
    expect(loadConfig({})).toMatchObject({
      webhookMaxEndpoints: 20,
      webhookConcurrency: { perWorkspace: 8, perEndpoint: 4 },
    });
    expect(
      loadConfig({
        WEBHOOK_MAX_ENDPOINTS: '50',
        WEBHOOK_CONCURRENCY_PER_WORKSPACE: '16',
        WEBHOOK_CONCURRENCY_PER_ENDPOINT: '2',
      }),
    ).toMatchObject({ webhookMaxEndpoints: 50, webhookConcurrency: { perWorkspace: 16, perEndpoint: 2 } });
    for (const [name, value] of [
      ['WEBHOOK_MAX_ENDPOINTS', '0'],
      ['WEBHOOK_CONCURRENCY_PER_WORKSPACE', '1.5'],
      ['WEBHOOK_CONCURRENCY_PER_ENDPOINT', 'many'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(name);
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

  it('reads INBOUND_MAIL_SECRET (at least 32 printable characters); unset, inbound mail is off', () => {
    expect(loadConfig({}).mail.inboundSecret).toBeNull();
    const secret = 'a'.repeat(32);
    expect(loadConfig({ INBOUND_MAIL_SECRET: secret }).mail.inboundSecret).toBe(secret);
    for (const bad of ['short', `${'a'.repeat(32)} b`, 'a'.repeat(257)]) {
      expect(() => loadConfig({ INBOUND_MAIL_SECRET: bad }), bad).toThrow('INBOUND_MAIL_SECRET');
    }
  });

  it('reads CLAMD_URL (tcp://host:port) and CLAMD_TIMEOUT; attachments are off without a scanner', () => {
    expect(loadConfig({}).clamd).toBeNull();
    expect(loadConfig({ CLAMD_URL: 'tcp://127.0.0.1:3310' }).clamd).toEqual({
      host: '127.0.0.1',
      port: 3310,
      timeoutMs: 30_000,
    });
    expect(loadConfig({ CLAMD_URL: 'tcp://[::1]:3310', CLAMD_TIMEOUT: '2.5' }).clamd).toEqual({
      host: '::1',
      port: 3310,
      timeoutMs: 2_500,
    });
    for (const bad of [
      'clamd:3310',
      'http://clamd:3310',
      'tcp://clamd',
      'tcp://clamd:0',
      'unix:///run/clamd.ctl',
    ]) {
      expect(() => loadConfig({ CLAMD_URL: bad })).toThrow(/CLAMD_URL must be tcp:\/\/host:port/);
    }
    expect(() => loadConfig({ CLAMD_URL: 'tcp://clamd:3310', CLAMD_TIMEOUT: '0' })).toThrow(/CLAMD_TIMEOUT/);
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

  it('reads the offline embedder: use-lite by default, glove on request, anything else a startup error', () => {
    expect(loadConfig({}).offlineEmbedder).toBe('use-lite');
    expect(embedderSettings(loadConfig({ OFFLINE_EMBEDDER: 'glove' })).offline).toBe('glove');
    expect(() => loadConfig({ OFFLINE_EMBEDDER: 'bert' })).toThrow(
      /OFFLINE_EMBEDDER must be one of glove, use-lite/,
    );
  });

  it('reads the realtime limits: half the connection cap and a 30 s ping by default; refuses a cap not below HTTP_MAX_CONNECTIONS', () => {
    expect(loadConfig({}).realtime).toEqual({
      maxConnections: 500,
      pingIntervalMs: 30_000,
      authTimeoutMs: 10_000,
    });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS: '20000' }).realtime.maxConnections).toBe(10_000);
    expect(
      loadConfig({
        HTTP_MAX_CONNECTIONS: '20000',
        REALTIME_MAX_CONNECTIONS: '15000',
        REALTIME_PING_INTERVAL: '20',
      }).realtime,
    ).toMatchObject({ maxConnections: 15_000, pingIntervalMs: 20_000 });
    expect(loadConfig({ REALTIME_MAX_CONNECTIONS: '0' }).realtime.maxConnections).toBe(0);
    expect(() => loadConfig({ REALTIME_MAX_CONNECTIONS: '1000' })).toThrow(
      'REALTIME_MAX_CONNECTIONS: must be below HTTP_MAX_CONNECTIONS',
    );
    expect(() => loadConfig({ REALTIME_MAX_CONNECTIONS: '-1' })).toThrow('REALTIME_MAX_CONNECTIONS');
    expect(() => loadConfig({ REALTIME_PING_INTERVAL: '0' })).toThrow('REALTIME_PING_INTERVAL');
  });

  it('knows loopback hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.3.2.1', '[::1]', 'app.localhost'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['example.com', 'localhost.example.com', '10.0.0.1', '128.0.0.1'])
      expect(isLoopbackHost(h)).toBe(false);
  });

  it('is a development server exactly when PUBLIC_URL names a loopback host', () => {
    expect(loadConfig({}).development).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).development).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://support.example.com' }).development).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8787' }).development).toBe(false);
  });
});
