import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

/** Configuration from environment variables. Every knob is listed in README.md. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  secretKey: string | null;
  publicUrl: string;
  widgetCdnUrl: string | null;
  serveWidget: boolean;
  demo: boolean;
  trustProxy: boolean;
  inProcessWorker: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Public API requests per minute per API key, and per workspace across its keys. */
  rateLimitPerKey: number;
  rateLimitPerWorkspace: number;
  /**
   * UNSAFE_WEBHOOK_ALLOW_HOSTS: hosts or addresses webhook URLs may name although they are not public
   * (loopback for tests and local development). Empty by default; logged as unsafe when set.
   */
  unsafeWebhookAllowHosts: string[];
  /**
   * An OpenAI-compatible embeddings endpoint (EMBEDDINGS_URL, EMBEDDINGS_MODEL, EMBEDDINGS_KEY,
   * EMBEDDINGS_DIM), or null for the built-in offline embedder.
   */
  embeddings: { url: string; model: string; key: string | null; dimension: number | null } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const flag = (name: string, fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
      error: `${name} must be one of on, off, true, false, 1, 0`,
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));

const httpUrl = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an absolute http(s) URL` })
    .transform((v) => v.replace(/\/+$/, ''));

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int()
    .min(0, 'PORT must be 0..65535')
    .max(65535, 'PORT must be 0..65535')
    .default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  SECRET_KEY: z.string().optional(),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  WIDGET_CDN_URL: httpUrl('WIDGET_CDN_URL').optional(),
  SERVE_WIDGET: flag('SERVE_WIDGET', true),
  DEMO: flag('DEMO', true),
  TRUST_PROXY: flag('TRUST_PROXY', false),
  WORKER: flag('WORKER', true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  RATE_LIMIT_PER_KEY: z.coerce
    .number({ error: 'RATE_LIMIT_PER_KEY must be a number' })
    .int()
    .min(1)
    .default(600),
  RATE_LIMIT_PER_WORKSPACE: z.coerce
    .number({ error: 'RATE_LIMIT_PER_WORKSPACE must be a number' })
    .int()
    .min(1)
    .default(1200),
  UNSAFE_WEBHOOK_ALLOW_HOSTS: z
    .string()
    .regex(
      /^[A-Za-z0-9.:[\]%_-]+(\s*,\s*[A-Za-z0-9.:[\]%_-]+)*\s*,?$/,
      'UNSAFE_WEBHOOK_ALLOW_HOSTS must be a comma list of host names or addresses',
    )
    .optional(),
  EMBEDDINGS_URL: httpUrl('EMBEDDINGS_URL').optional(),
  EMBEDDINGS_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDINGS_KEY: z.string().optional(),
  EMBEDDINGS_DIM: z.coerce
    .number({ error: 'EMBEDDINGS_DIM must be a number' })
    .int()
    .min(1, 'EMBEDDINGS_DIM must be 1..16000')
    .max(16000, 'EMBEDDINGS_DIM must be 1..16000')
    .optional(),
});

export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  if (e.EMBEDDINGS_URL && !e.EMBEDDINGS_MODEL)
    throw new ConfigError(['EMBEDDINGS_MODEL: required when EMBEDDINGS_URL is set']);
  if (!e.EMBEDDINGS_URL && (e.EMBEDDINGS_MODEL || e.EMBEDDINGS_KEY || e.EMBEDDINGS_DIM))
    throw new ConfigError([
      'EMBEDDINGS_URL: required when EMBEDDINGS_MODEL, EMBEDDINGS_KEY or EMBEDDINGS_DIM is set',
    ]);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR),
    secretKey: e.SECRET_KEY ?? null,
    publicUrl,
    // The BFF serving the bundle itself is its own CDN; otherwise the snippet stays null until set.
    widgetCdnUrl: e.WIDGET_CDN_URL ?? (e.SERVE_WIDGET ? `${publicUrl}/cdn` : null),
    serveWidget: e.SERVE_WIDGET,
    demo: e.DEMO,
    trustProxy: e.TRUST_PROXY,
    inProcessWorker: e.WORKER,
    logLevel: e.LOG_LEVEL,
    rateLimitPerKey: e.RATE_LIMIT_PER_KEY,
    rateLimitPerWorkspace: e.RATE_LIMIT_PER_WORKSPACE,
    unsafeWebhookAllowHosts: (e.UNSAFE_WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h.length > 0),
    embeddings: e.EMBEDDINGS_URL
      ? {
          url: e.EMBEDDINGS_URL,
          model: e.EMBEDDINGS_MODEL!,
          key: e.EMBEDDINGS_KEY ?? null,
          dimension: e.EMBEDDINGS_DIM ?? null,
        }
      : null,
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Loopback hosts (and *.localhost) are served over plain http in development. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(h) || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h);
}
