import https from 'node:https';
import {
  type DomainProofFetcher,
  PROOF_MAX_BYTES,
  PROOF_PATH,
  PROOF_TIMEOUT_MS,
  type ProofFetchOutcome,
} from '../../server-core/automation/domain-proof';
import {
  AttemptFailure,
  classifySocketError,
  pinnedLookup,
  type ResolvedAddress,
  type Resolver,
  systemResolver,
  vet,
} from './transport';

export interface DomainProofFetcherOptions {
  /** UNSAFE_WEBHOOK_ALLOW_HOSTS: hosts or addresses let through although not public (the webhook setting). */
  allowHosts: readonly string[];
  /** Everything (DNS, connect, TLS, the body) within this; 5 s by default, tests shorten it. */
  timeoutMs?: number;
  resolve?: Resolver;
  /**
   * Tests only: the certificate authority a loopback test server's self-signed certificate is trusted
   * through, and that server's port. The server never sets them (runtime/server.ts passes allowHosts
   * only), so production trusts the system's authorities and connects to port 443.
   */
  testTls?: { ca?: string; port: number };
}

const USER_AGENT = 'SupportPlatform-DomainVerification/1';

type Failure = Extract<ProofFetchOutcome, { ok: false }>;
const failure = (reason: Failure['reason'], status: number | null, message: string): Failure => ({
  ok: false,
  reason,
  status,
  message,
});

/**
 * Reads https://<domain>/.well-known/widget-domain-verification.txt with the webhook transport's SSRF guard
 * (runtime/http/transport.ts `vet`: resolve once, refuse any private answer unless allowed, connect to the
 * vetted address through a pinned lookup keeping the TLS server name): a GET, redirects never followed,
 * PROOF_MAX_BYTES at most (a larger body is refused, not truncated), PROOF_TIMEOUT_MS for everything.
 */
export function createDomainProofFetcher(opts: DomainProofFetcherOptions): DomainProofFetcher {
  const timeoutMs = opts.timeoutMs ?? PROOF_TIMEOUT_MS;
  const resolve = opts.resolve ?? systemResolver;
  return {
    fetchProof(domain: string): Promise<ProofFetchOutcome> {
      const where = `https://${domain}${PROOF_PATH}`;
      return new Promise<ProofFetchOutcome>((settle) => {
        let settled = false;
        let req: ReturnType<typeof https.request> | null = null;
        const done = (outcome: ProofFetchOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          settle(outcome);
          req?.destroy();
        };
        const timer = setTimeout(
          () => done(failure('timeout', null, `${where} did not answer within ${timeoutMs / 1000} s.`)),
          timeoutMs,
        );
        void (async () => {
          let vetted: ResolvedAddress;
          try {
            vetted = await vet(domain, resolve, opts.allowHosts);
          } catch (err) {
            const f = err instanceof AttemptFailure ? err : new AttemptFailure('dns_failed', String(err));
            const reason = f.code === 'address_refused' ? 'address_refused' : 'dns_failed';
            return done(failure(reason, null, `${f.message} The domain must resolve to a public address.`));
          }
          if (settled) return;
          req = https.request({
            method: 'GET',
            hostname: domain,
            port: opts.testTls?.port ?? 443,
            path: PROOF_PATH,
            headers: { 'User-Agent': USER_AGENT, Accept: 'text/plain' },
            agent: false,
            lookup: pinnedLookup(vetted),
            ...(opts.testTls?.ca ? { ca: opts.testTls.ca } : {}),
          });
          req.on('response', (res) => {
            const status = res.statusCode ?? 0;
            if (status >= 300 && status < 400)
              return done(
                failure(
                  'redirect',
                  status,
                  `${where} answered HTTP ${status}: serve the file itself, redirects are not followed.`,
                ),
              );
            if (status === 404 || status === 410)
              return done(
                failure(
                  'not_found',
                  status,
                  `${where} was not found (HTTP ${status}): serve the token there.`,
                ),
              );
            if (status < 200 || status >= 300)
              return done(
                failure(
                  'http_status',
                  status,
                  `${where} answered HTTP ${status}; it must answer 200 with the token.`,
                ),
              );
            const tooLarge = () =>
              done(
                failure(
                  'too_large',
                  status,
                  `${where} is larger than ${PROOF_MAX_BYTES} bytes: serve the token only.`,
                ),
              );
            if (Number(res.headers['content-length'] ?? 0) > PROOF_MAX_BYTES) return tooLarge();
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > PROOF_MAX_BYTES) return tooLarge();
              chunks.push(chunk);
            });
            res.on('end', () => done({ ok: true, status, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', () =>
              done(
                failure(
                  'connection_failed',
                  status,
                  `The connection to ${domain} broke while reading the file.`,
                ),
              ),
            );
          });
          req.on('error', (err: NodeJS.ErrnoException) => {
            const c = classifySocketError(err);
            done(
              c.code === 'tls_failed'
                ? failure(
                    'tls_failed',
                    null,
                    `${c.message} ${domain} must serve HTTPS with a valid certificate for its name.`,
                  )
                : failure(
                    'connection_failed',
                    null,
                    `${c.message} ${domain} must accept HTTPS connections on port 443.`,
                  ),
            );
          });
          req.end();
        })();
      });
    },
  };
}
