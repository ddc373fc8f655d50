import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ATTEMPT_TIMEOUT_MS } from '../../server-core/webhooks/retry-schedule';
import type {
  AttemptErrorCode,
  AttemptOutcome,
  WebhookRequest,
  WebhookTransport,
} from '../../server-core/webhooks/transport';
import { hasUsablePort, isAllowedHost, isPublicAddress } from '../../server-core/webhooks/url-guard';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface HttpTransportOptions {
  /** UNSAFE_WEBHOOK_ALLOW_HOSTS: hosts or addresses let through although not public. */
  allowHosts: readonly string[];
  /** Per attempt, DNS included. 10 s by default (the spec's value); tests shorten it. */
  timeoutMs?: number;
  /** Name resolution; the system resolver by default. */
  resolve?: Resolver;
}

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A lookup that answers only the address we vetted: the socket cannot reach anything else. */
export function pinnedLookup(vetted: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: vetted.address, family: vetted.family }]);
    else callback(null, vetted.address, vetted.family);
  };
}

function literalAddress(host: string): ResolvedAddress | null {
  if (ipaddr.IPv6.isValid(host)) return { address: host, family: 6 };
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return { address: host, family: 4 };
  return null;
}

export class AttemptFailure extends Error {
  constructor(
    readonly code: AttemptErrorCode,
    message: string,
    /** For the operator's log only. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** Resolver answers that mean "this name has no address" (as opposed to "DNS did not answer now"). */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * A name that does not exist and a name that resolves to a private address read the same in the
 * tenant's log: neither which internal names exist nor where they point is told. The operator's log
 * gets the detail.
 */
const noPublicAddress = (host: string, detail: string) =>
  new AttemptFailure('address_refused', `Refused: ${host} has no public address.`, detail);

/** Resolves once, refuses the host when any answer is not public, and returns the address to connect to. */
export async function vet(
  host: string,
  resolve: Resolver,
  allowHosts: readonly string[],
): Promise<ResolvedAddress> {
  const literal = literalAddress(host);
  let answers: ResolvedAddress[];
  if (literal) answers = [literal];
  else {
    try {
      answers = await resolve(host);
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'error';
      if (NO_SUCH_NAME.has(code)) throw noPublicAddress(host, `${host}: ${code}`);
      throw new AttemptFailure('dns_failed', `${host} could not be resolved (${code}).`);
    }
  }
  if (answers.length === 0) throw noPublicAddress(host, `${host}: no address`);
  if (isAllowedHost(host, allowHosts)) return answers[0]!;
  const refused = answers.find((a) => !isPublicAddress(a.address) && !isAllowedHost(a.address, allowHosts));
  if (refused) {
    // A literal is the tenant's own writing; a name's answers are not theirs to see.
    if (literal) throw new AttemptFailure('address_refused', `Refused: ${host} is not a public address.`);
    throw noPublicAddress(host, `${host} resolves to ${refused.address}`);
  }
  return answers[0]!;
}

export function classifySocketError(err: NodeJS.ErrnoException): { code: AttemptErrorCode; message: string } {
  const code = err.code ?? '';
  if (
    /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code) ||
    /certificate|TLS|SSL/i.test(err.message)
  )
    return { code: 'tls_failed', message: `TLS failed: ${code || err.message}.` };
  return { code: 'connection_failed', message: `Connection failed: ${code || err.message}.` };
}

function outcomeOf(status: number, durationMs: number): AttemptOutcome {
  if (status >= 200 && status < 300) return { ok: true, statusCode: status, durationMs };
  if (status >= 300 && status < 400)
    return {
      ok: false,
      statusCode: status,
      errorCode: 'redirect_not_followed',
      error: `HTTP ${status}: redirects are not followed.`,
      durationMs,
    };
  return {
    ok: false,
    statusCode: status,
    errorCode: 'http_status',
    error: `HTTP ${status} from the receiver.`,
    durationMs,
  };
}

/**
 * The attempt-time SSRF guard and HTTP client. Every attempt resolves the name once, refuses it when
 * any answer is private (unless allowed by UNSAFE_WEBHOOK_ALLOW_HOSTS), and connects to the vetted
 * address itself through a pinned lookup, keeping the Host header and TLS server name of the URL,
 * so a second DNS answer (rebinding) is never consulted. Redirects are never followed; the whole
 * attempt, DNS included, is cut off after the time-out.
 */
export function createHttpTransport(opts: HttpTransportOptions): WebhookTransport {
  const timeoutMs = opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const resolve = opts.resolve ?? systemResolver;
  return {
    send(request: WebhookRequest): Promise<AttemptOutcome> {
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      const fail = (code: AttemptErrorCode, error: string, detail?: string): AttemptOutcome => ({
        ok: false,
        statusCode: null,
        errorCode: code,
        error,
        ...(detail === undefined ? {} : { detail }),
        durationMs: elapsed(),
      });
      return new Promise<AttemptOutcome>((settle) => {
        let settled = false;
        let req: http.ClientRequest | null = null;
        const done = (outcome: AttemptOutcome) => {
          if (settled) return;
          settled = true;
          settle(outcome);
        };
        const timer = setTimeout(() => {
          done(fail('timeout', `No response within ${timeoutMs / 1000} s.`));
          req?.destroy();
        }, timeoutMs);

        void (async () => {
          let url: URL;
          try {
            url = new URL(request.url);
            if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
            if (!hasUsablePort(url)) throw new Error('port');
          } catch {
            clearTimeout(timer);
            return done(
              fail('invalid_url', 'The endpoint URL is not an http(s) URL with a port in 1-65535.'),
            );
          }
          const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
          let vetted: ResolvedAddress;
          try {
            vetted = await vet(host, resolve, opts.allowHosts);
          } catch (err) {
            clearTimeout(timer);
            const f = err instanceof AttemptFailure ? err : new AttemptFailure('dns_failed', String(err));
            return done(fail(f.code, f.message, f.detail));
          }
          if (settled) return;
          const body = Buffer.from(request.body, 'utf8');
          const client = url.protocol === 'https:' ? https : http;
          req = client.request({
            method: 'POST',
            hostname: host,
            port: url.port || undefined,
            path: `${url.pathname}${url.search}`,
            headers: { ...request.headers, 'Content-Length': String(body.length) },
            agent: false,
            lookup: pinnedLookup(vetted),
          });
          req.on('response', (res) => {
            done(outcomeOf(res.statusCode ?? 0, elapsed()));
            // Drain the body (never stored); the timer still ends a body that never ends.
            res.resume();
            res.on('end', () => clearTimeout(timer));
            res.on('error', () => clearTimeout(timer));
          });
          req.on('error', (err: NodeJS.ErrnoException) => {
            clearTimeout(timer);
            const c = classifySocketError(err);
            done(fail(c.code, c.message));
          });
          req.end(body);
        })();
      });
    },
  };
}
