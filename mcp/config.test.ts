import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT, readHttpConfig, readStdioConfig } from './config';

describe('stdio configuration', () => {
  it('needs the service URL and a key', () => {
    expect(readStdioConfig({})).toEqual({
      ok: false,
      errors: [
        'SUPPORT_API_URL is required (the service, e.g. https://support.example.com)',
        'SUPPORT_API_KEY is required on stdio (a workspace API key, spk_…)',
      ],
    });
    expect(
      readStdioConfig({ SUPPORT_API_URL: 'https://support.example.com/', SUPPORT_API_KEY: 'spk_x' }),
    ).toEqual({
      ok: true,
      config: { apiUrl: 'https://support.example.com', apiKey: 'spk_x', apiTimeoutMs: 15_000 },
    });
  });
  it.each(['ftp://x.example', 'not a url', 'https://user:pw@x.example', 'javascript:alert(1)'])(
    'refuses the URL %j without echoing a credential',
    (url) => {
      const read = readStdioConfig({ SUPPORT_API_URL: url, SUPPORT_API_KEY: 'spk_x' });
      expect(read.ok).toBe(false);
      expect(JSON.stringify(read)).not.toContain('pw');
    },
  );
});

describe('HTTP configuration', () => {
  it('binds to loopback by default and allows no browser origin', () => {
    const read = readHttpConfig({ SUPPORT_API_URL: 'http://127.0.0.1:8787' });
    expect(read).toEqual({
      ok: true,
      config: {
        apiUrl: 'http://127.0.0.1:8787',
        apiTimeoutMs: 15_000,
        host: DEFAULT_HOST,
        port: DEFAULT_PORT,
        allowedOrigins: [],
        maxSessions: 100,
        sessionIdleMs: 1_800_000,
      },
    });
    expect(DEFAULT_HOST).toBe('127.0.0.1');
  });
  it('normalizes allowed origins and refuses what is not one', () => {
    const read = readHttpConfig({
      SUPPORT_API_URL: 'http://127.0.0.1:8787',
      MCP_ALLOWED_ORIGINS: 'https://App.example:443, http://localhost:3000 ,',
    });
    expect(read.ok && read.config.allowedOrigins).toEqual(['https://app.example', 'http://localhost:3000']);
    const bad = readHttpConfig({ SUPPORT_API_URL: 'http://127.0.0.1:8787', MCP_ALLOWED_ORIGINS: 'null,*' });
    expect(bad.ok).toBe(false);
  });
  it('refuses a key in the environment (each connection brings its own) and bad numbers', () => {
    const read = readHttpConfig({
      SUPPORT_API_URL: 'http://127.0.0.1:8787',
      SUPPORT_API_KEY: 'spk_secret',
      MCP_PORT: '70000',
      MCP_MAX_SESSIONS: '-1',
    });
    expect(read.ok).toBe(false);
    expect(read.ok ? [] : read.errors).toHaveLength(3);
    expect(JSON.stringify(read)).not.toContain('spk_secret');
  });
});
