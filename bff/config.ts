import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../server-core/members/login-throttle';
import { DEFAULT_MEMBER_LINK_LIMITS, type MemberLinkLimits } from '../server-core/members/member-link-limits';
import {
  DEFAULT_OFFLINE_EMBEDDER,
  type EmbedderSettings,
  OFFLINE_EMBEDDERS,
  type OfflineEmbedderName,
} from '../server-core/retrieval/embedders/create-embedder';
import { parseTrustProxy, TRUST_PROXY_HELP, type TrustProxy } from './client-ip/trust-proxy';

/** Configuration from environment variables. Every knob is listed in README.md. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  secretKey: string | null;
  publicUrl: string;
  /**
   * True when PUBLIC_URL names a loopback host: the server runs on a developer's machine (no NODE_ENV is
   * read). Refusals that local setups meet, such as a webhook URL on 127.0.0.1, then say how to allow it.
   */
  development: boolean;
  widgetCdnUrl: string | null;
  /**
   * WIDGET_API_URL: the API origin the widget bundle was built to call ('' means the origin serving it).
   * It is baked in at build time; the server refuses to serve a bundle built with another one.
   */
  widgetApiUrl: string;
  serveWidget: boolean;
  demo: boolean;
  /** TRUST_PROXY: which X-Forwarded-For entry names the client (bff/client-ip/trust-proxy.ts). */
  trustProxy: TrustProxy;
  inProcessWorker: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /**
   * The Node HTTP server's limits (HTTP_HEADERS_TIMEOUT, HTTP_REQUEST_TIMEOUT, HTTP_KEEP_ALIVE_TIMEOUT in
   * seconds, HTTP_MAX_CONNECTIONS): a client that sends its headers or body too slowly is cut off, an idle
   * kept-alive connection closed, and connections beyond the cap refused (docs/running-in-production.md).
   */
  http: HttpServerLimits;
  /**
   * Widget realtime sockets (runtime/realtime-server.ts): at most REALTIME_MAX_CONNECTIONS per process
   * (default half of HTTP_MAX_CONNECTIONS, and always below it: each socket is one of the process's
   * connections; 0 serves none), a keepalive ping every REALTIME_PING_INTERVAL seconds (30; keep it below the idle timeout
   * of any proxy in front), and 10 s for a new socket to authenticate.
   */
  realtime: RealtimeLimits;
  /**
   * The sign-in throttle (server-core/members/login-throttle.ts): LOGIN_FREE_FAILURES per account and
   * address before the backoff, LOGIN_BACKOFF_MAX (seconds), LOGIN_ACCOUNT_LIMIT failures an hour per
   * account from addresses it has not signed in from, LOGIN_ADDRESS_LIMIT failures per 15 minutes per address.
   */
  login: LoginLimits;
  /**
   * The anonymous widget endpoints, per client address and website, per minute: boots
   * (WIDGET_BOOTS_PER_MINUTE) and Help searches (WIDGET_SEARCHES_PER_MINUTE).
   */
  widgetLimits: { bootsPerMinute: number; searchesPerMinute: number };
  /**
   * The public member operations, per client address: password reset requests a minute
   * (PASSWORD_RESET_REQUESTS_PER_MINUTE) and an hour (PASSWORD_RESET_REQUESTS_PER_HOUR), and the POSTs of
   * the mailed links' pages a minute (MEMBER_LINK_POSTS_PER_MINUTE: previewInvitation, acceptInvitation,
   * completePasswordReset).
   */
  memberLinkLimits: MemberLinkLimits;
  /** Public API requests per minute per API key, and per workspace across its keys. */
  rateLimitPerKey: number;
  rateLimitPerWorkspace: number;
  /**
   * UNSAFE_WEBHOOK_ALLOW_HOSTS: hosts or addresses webhook URLs may name although they are not public
   * (loopback for tests and local development). Empty by default; logged as unsafe when set.
   */
  unsafeWebhookAllowHosts: string[];
  /** WEBHOOK_MAX_ENDPOINTS: endpoints a workspace may register (20). */
  webhookMaxEndpoints: number;
  /**
   * WEBHOOK_CONCURRENCY_PER_WORKSPACE and WEBHOOK_CONCURRENCY_PER_ENDPOINT: webhook attempts that run at
   * once per workspace (8) and per endpoint (4), over all workers. Every worker must use the same values.
   */
  webhookConcurrency: { perWorkspace: number; perEndpoint: number };
  /**
   * An OpenAI-compatible embeddings endpoint (EMBEDDINGS_URL, EMBEDDINGS_MODEL, EMBEDDINGS_KEY,
   * EMBEDDINGS_DIM), or null for the built-in offline embedder.
   */
  embeddings: { url: string; model: string; key: string | null; dimension: number | null } | null;
  /**
   * OFFLINE_EMBEDDER: the built-in embedder when EMBEDDINGS_URL is unset: `use-lite` (the default:
   * Universal Sentence Encoder lite, better on paraphrases, embedded by a background job) or `glove` (word
   * vectors, light, embedded inside the write).
   */
  offlineEmbedder: OfflineEmbedderName;
  /**
   * CLAMD_URL (`tcp://host:port`): the clamd that scans conversation attachments (INSTREAM), or null: then
   * attachments are off (boot config `attachments.enabled` false, uploads 503). CLAMD_TIMEOUT (seconds, 30)
   * bounds one scan: connecting, streaming the file and the verdict.
   */
  clamd: { host: string; port: number; timeoutMs: number } | null;
  /**
   * Outgoing mail: SMTP_URL (smtp:// or smtps://, credentials in the URL) sends the mail outbox through
   * nodemailer; unset, mail is held in the outbox and shown on the dev inbox page (/dev/inbox, loopback
   * only). MAIL_FROM is the sender (default no-reply@ the PUBLIC_URL host). INBOUND_MAIL_DOMAIN is the domain
   * whose mail the inbound-mail provider posts to the service (reply+… addresses of staff replies live
   * there); unset, staff replies mailed to away visitors carry no Reply-To. INBOUND_MAIL_SECRET is the shared
   * secret the provider sends (Authorization: Bearer) to inboundEmail; unset (or no INBOUND_MAIL_DOMAIN), the
   * inbound hooks answer 404.
   */
  mail: { smtpUrl: string | null; from: string; inboundDomain: string | null; inboundSecret: string | null };
}

export interface HttpServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

export interface RealtimeLimits {
  maxConnections: number;
  pingIntervalMs: number;
  authTimeoutMs: number;
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

/** Seconds (fractions allowed) as whole milliseconds. */
const seconds = (name: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number of seconds` })
    .min(0.01, `${name} must be 0.01..${max} seconds`)
    .max(max, `${name} must be 0.01..${max} seconds`)
    .default(fallback)
    .transform((v) => Math.round(v * 1000));

/** A whole number of at least `min` (and at most `max` when given). */
const count = (name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(
      min,
      max === Number.MAX_SAFE_INTEGER ? `${name} must be at least ${min}` : `${name} must be ${min}..${max}`,
    )
    .max(max, `${name} must be ${min}..${max}`)
    .default(fallback);

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
  // Kept as written: the build bakes the raw value, and the start compares it with the bundle's.
  WIDGET_API_URL: z
    .url({ protocol: /^https?$/, error: 'WIDGET_API_URL must be an absolute http(s) URL' })
    .optional(),
  SERVE_WIDGET: flag('SERVE_WIDGET', true),
  DEMO: flag('DEMO', true),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (!trust) ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
      return trust ?? { mode: 'none' as const };
    }),
  WORKER: flag('WORKER', true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  HTTP_HEADERS_TIMEOUT: seconds('HTTP_HEADERS_TIMEOUT', 10, 600),
  HTTP_REQUEST_TIMEOUT: seconds('HTTP_REQUEST_TIMEOUT', 30, 3600),
  HTTP_KEEP_ALIVE_TIMEOUT: seconds('HTTP_KEEP_ALIVE_TIMEOUT', 5, 3600),
  HTTP_MAX_CONNECTIONS: z.coerce
    .number({ error: 'HTTP_MAX_CONNECTIONS must be a number' })
    .int()
    .min(1, 'HTTP_MAX_CONNECTIONS must be at least 1')
    .default(1000),
  REALTIME_MAX_CONNECTIONS: z.coerce
    .number({ error: 'REALTIME_MAX_CONNECTIONS must be a number' })
    .int('REALTIME_MAX_CONNECTIONS must be a whole number')
    .min(0, 'REALTIME_MAX_CONNECTIONS must be at least 0')
    .optional(),
  REALTIME_PING_INTERVAL: seconds('REALTIME_PING_INTERVAL', 30, 600),
  LOGIN_FREE_FAILURES: count('LOGIN_FREE_FAILURES', DEFAULT_LOGIN_LIMITS.freeFailures),
  LOGIN_BACKOFF_MAX: count('LOGIN_BACKOFF_MAX', DEFAULT_LOGIN_LIMITS.maxBackoffMs / 1000),
  LOGIN_ACCOUNT_LIMIT: count('LOGIN_ACCOUNT_LIMIT', DEFAULT_LOGIN_LIMITS.accountFailures),
  LOGIN_ADDRESS_LIMIT: count('LOGIN_ADDRESS_LIMIT', DEFAULT_LOGIN_LIMITS.addressFailures),
  WIDGET_BOOTS_PER_MINUTE: count('WIDGET_BOOTS_PER_MINUTE', 300),
  WIDGET_SEARCHES_PER_MINUTE: count('WIDGET_SEARCHES_PER_MINUTE', 120),
  PASSWORD_RESET_REQUESTS_PER_MINUTE: count(
    'PASSWORD_RESET_REQUESTS_PER_MINUTE',
    DEFAULT_MEMBER_LINK_LIMITS.resetRequestsPerMinute,
  ),
  PASSWORD_RESET_REQUESTS_PER_HOUR: count(
    'PASSWORD_RESET_REQUESTS_PER_HOUR',
    DEFAULT_MEMBER_LINK_LIMITS.resetRequestsPerHour,
  ),
  MEMBER_LINK_POSTS_PER_MINUTE: count(
    'MEMBER_LINK_POSTS_PER_MINUTE',
    DEFAULT_MEMBER_LINK_LIMITS.linkPostsPerMinute,
  ),
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
  WEBHOOK_MAX_ENDPOINTS: count('WEBHOOK_MAX_ENDPOINTS', 20, 1, 1000),
  WEBHOOK_CONCURRENCY_PER_WORKSPACE: count('WEBHOOK_CONCURRENCY_PER_WORKSPACE', 8, 1, 1000),
  WEBHOOK_CONCURRENCY_PER_ENDPOINT: count('WEBHOOK_CONCURRENCY_PER_ENDPOINT', 4, 1, 1000),
  EMBEDDINGS_URL: httpUrl('EMBEDDINGS_URL').optional(),
  EMBEDDINGS_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDINGS_KEY: z.string().optional(),
  EMBEDDINGS_DIM: z.coerce
    .number({ error: 'EMBEDDINGS_DIM must be a number' })
    .int()
    .min(1, 'EMBEDDINGS_DIM must be 1..16000')
    .max(16000, 'EMBEDDINGS_DIM must be 1..16000')
    .optional(),
  OFFLINE_EMBEDDER: z
    .enum(OFFLINE_EMBEDDERS, { error: `OFFLINE_EMBEDDER must be one of ${OFFLINE_EMBEDDERS.join(', ')}` })
    .default(DEFAULT_OFFLINE_EMBEDDER),
  CLAMD_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseClamdUrl(v) !== null, {
      message: 'CLAMD_URL must be tcp://host:port (clamd listening on TCP)',
    }),
  CLAMD_TIMEOUT: seconds('CLAMD_TIMEOUT', 30, 600),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://…' })
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .refine((v) => !/[\r\n]/.test(v) && /@/.test(v), {
      message: 'MAIL_FROM must be one address, e.g. Support <help@example.com>',
    })
    .optional(),
  INBOUND_MAIL_DOMAIN: z
    .string()
    .max(253)
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)+$/i, {
      message: 'INBOUND_MAIL_DOMAIN must be a domain name, e.g. in.example.com',
    })
    .optional(),
  INBOUND_MAIL_SECRET: z
    .string()
    .min(32, 'INBOUND_MAIL_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)')
    .max(256)
    .regex(/^[\x21-\x7e]+$/, 'INBOUND_MAIL_SECRET must be printable ASCII without spaces')
    .optional(),
});

/** CLAMD_URL (`tcp://host:port`, an IPv6 address in brackets) as an address, or null when it is not one. */
export function parseClamdUrl(value: string): { host: string; port: number } | null {
  const m = /^tcp:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})\/?$/.exec(value);
  if (!m) return null;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}

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
  if (e.HTTP_HEADERS_TIMEOUT > e.HTTP_REQUEST_TIMEOUT)
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT: must not exceed HTTP_REQUEST_TIMEOUT']);
  const realtimeMax = e.REALTIME_MAX_CONNECTIONS ?? Math.floor(e.HTTP_MAX_CONNECTIONS / 2);
  if (realtimeMax >= e.HTTP_MAX_CONNECTIONS)
    throw new ConfigError([
      'REALTIME_MAX_CONNECTIONS: must be below HTTP_MAX_CONNECTIONS (every realtime socket is one of its connections)',
    ]);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR),
    secretKey: e.SECRET_KEY ?? null,
    publicUrl,
    development: isLoopbackHost(new URL(publicUrl).hostname),
    // The BFF serving the bundle itself is its own CDN; otherwise the snippet stays null until set.
    widgetCdnUrl: e.WIDGET_CDN_URL ?? (e.SERVE_WIDGET ? `${publicUrl}/cdn` : null),
    widgetApiUrl: e.WIDGET_API_URL ?? '',
    serveWidget: e.SERVE_WIDGET,
    demo: e.DEMO,
    trustProxy: e.TRUST_PROXY,
    inProcessWorker: e.WORKER,
    logLevel: e.LOG_LEVEL,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    realtime: {
      maxConnections: realtimeMax,
      pingIntervalMs: e.REALTIME_PING_INTERVAL,
      authTimeoutMs: 10_000,
    },
    login: {
      freeFailures: e.LOGIN_FREE_FAILURES,
      maxBackoffMs: e.LOGIN_BACKOFF_MAX * 1000,
      accountFailures: e.LOGIN_ACCOUNT_LIMIT,
      addressFailures: e.LOGIN_ADDRESS_LIMIT,
    },
    widgetLimits: {
      bootsPerMinute: e.WIDGET_BOOTS_PER_MINUTE,
      searchesPerMinute: e.WIDGET_SEARCHES_PER_MINUTE,
    },
    memberLinkLimits: {
      resetRequestsPerMinute: e.PASSWORD_RESET_REQUESTS_PER_MINUTE,
      resetRequestsPerHour: e.PASSWORD_RESET_REQUESTS_PER_HOUR,
      linkPostsPerMinute: e.MEMBER_LINK_POSTS_PER_MINUTE,
    },
    rateLimitPerKey: e.RATE_LIMIT_PER_KEY,
    rateLimitPerWorkspace: e.RATE_LIMIT_PER_WORKSPACE,
    unsafeWebhookAllowHosts: (e.UNSAFE_WEBHOOK_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h.length > 0),
    webhookMaxEndpoints: e.WEBHOOK_MAX_ENDPOINTS,
    webhookConcurrency: {
      perWorkspace: e.WEBHOOK_CONCURRENCY_PER_WORKSPACE,
      perEndpoint: e.WEBHOOK_CONCURRENCY_PER_ENDPOINT,
    },
    embeddings: e.EMBEDDINGS_URL
      ? {
          url: e.EMBEDDINGS_URL,
          model: e.EMBEDDINGS_MODEL!,
          key: e.EMBEDDINGS_KEY ?? null,
          dimension: e.EMBEDDINGS_DIM ?? null,
        }
      : null,
    offlineEmbedder: e.OFFLINE_EMBEDDER,
    clamd: e.CLAMD_URL ? { ...parseClamdUrl(e.CLAMD_URL)!, timeoutMs: e.CLAMD_TIMEOUT } : null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname.replace(/^\[|\]$/g, '')}`,
      inboundDomain: e.INBOUND_MAIL_DOMAIN?.toLowerCase() ?? null,
      inboundSecret: e.INBOUND_MAIL_SECRET ?? null,
    },
  };
}

/** What server-core's createEmbedder needs from the configuration. */
export function embedderSettings(
  config: Pick<Config, 'embeddings' | 'offlineEmbedder' | 'dataDir'>,
): EmbedderSettings {
  return {
    endpoint: config.embeddings,
    offline: config.offlineEmbedder,
    cacheDir: `${config.dataDir}/cache`,
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Loopback hosts (and *.localhost) are served over plain http in development. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(h) || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h);
}
