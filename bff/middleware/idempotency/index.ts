import type { MiddlewareHandler } from 'hono';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyKeyRef,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  releaseIdempotencyKey,
} from '../../../server-core/idempotency/idempotency-store';
import { sha256Hex } from '../../../server-core/lib/crypto';
import { DomainError } from '../../../server-core/lib/errors';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

/** How long a duplicate waits for the first request to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 10_000;
/** Answers a retry should redo rather than replay: auth decisions, conflicts, throttling, our failures. */
const NOT_STORED = new Set([401, 403, 409, 429]);
const REPLAYED_HEADERS = ['content-type', 'location', 'cache-control'];
const KEY_CHARS = /^[\x21-\x7e]+$/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The body as fingerprinted: a multipart body without its boundary, which clients pick afresh for every
 * request (a retried upload built from the same form must match the first).
 */
async function fingerprintBody(req: { text(): Promise<string>; header(name: string): string | undefined }) {
  const body = await req.text();
  const boundary = /^multipart\/form-data\s*;.*\bboundary="?([^";]+)"?/i.exec(
    req.header('Content-Type') ?? '',
  )?.[1];
  return boundary ? body.split(`--${boundary}`).join('--') : body;
}

/** Stored answers may carry secrets (a new API key, a rotated secret): they are sealed at rest. */
const sealContext = (ref: IdempotencyKeyRef) => `idempotency:${ref.workspaceId}:${ref.scope}:${ref.key}`;

/**
 * Idempotency-Key for POST: scoped to the credential (an API key, or the signed-in user), the first
 * answer replayed with its status and body for 24 hours (sealed at rest), concurrent duplicates written once (the
 * database decides which request owns the key), a reused key with another body refused with 422.
 * Mount after the auth middleware; without a credential there is nothing to scope the key to.
 */
export const idempotency = (services: Services): MiddlewareHandler<AppEnv> =>
  async function idempotency(c, next) {
    const key = c.req.header('Idempotency-Key');
    if (c.req.method !== 'POST' || key === undefined) return next();
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !KEY_CHARS.test(key)) {
      throw new DomainError(
        'invalid_idempotency_key',
        { max_length: MAX_IDEMPOTENCY_KEY_LENGTH, length: key.length },
        `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
      );
    }
    const credential = c.get('credential');
    if (!credential) return next();

    const ref: IdempotencyKeyRef = { workspaceId: credential.workspaceId, scope: credential.scope, key };
    const url = new URL(c.req.url);
    const requestHash = sha256Hex(`POST ${url.pathname}${url.search}\n${await fingerprintBody(c.req)}`);

    let claim = await claimIdempotencyKey(services.db, ref, requestHash, services.clock.now());
    for (let waited = 0; claim.kind === 'in_progress' && waited < WAIT_FOR_FIRST_MS; waited += 100) {
      await sleep(100);
      claim = await claimIdempotencyKey(services.db, ref, requestHash, services.clock.now());
    }
    switch (claim.kind) {
      case 'mismatch':
        throw new DomainError('idempotency_key_reused');
      case 'in_progress':
        throw new DomainError('idempotency_key_in_progress');
      case 'replay':
        return new Response(services.box.open(claim.response.body, sealContext(ref)), {
          status: claim.response.status,
          headers: {
            ...claim.response.headers,
            'Idempotent-Replayed': 'true',
            'X-Request-Id': c.get('requestId'),
          },
        });
    }

    try {
      await next();
    } catch (err) {
      await releaseIdempotencyKey(services.db, ref);
      throw err;
    }
    const status = c.res.status;
    if (status >= 500 || NOT_STORED.has(status)) {
      await releaseIdempotencyKey(services.db, ref);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = c.res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const sealed = services.box.seal(await c.res.clone().text(), sealContext(ref));
    await completeIdempotencyKey(services.db, ref, { status, body: sealed, headers });
  };
