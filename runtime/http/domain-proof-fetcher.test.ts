import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, PROOF_PATH } from '../../server-core/automation/domain-proof';
import { type ProofServer, startProofServer } from '../testing/https-proof-server';
import { createDomainProofFetcher, type DomainProofFetcherOptions } from './domain-proof-fetcher';

const TOKEN = 'wdv_test-token-0123456789';

describe('the domain-proof fetcher over real TLS, with the webhook SSRF guard', () => {
  let server: ProofServer;
  beforeAll(async () => {
    server = await startProofServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const fetcher = (opts: Partial<DomainProofFetcherOptions> = {}) =>
    createDomainProofFetcher({
      allowHosts: ['127.0.0.1'],
      resolve: server.resolve,
      testTls: { ca: server.ca, port: server.port },
      ...opts,
    });

  it('reads the well-known file of the domain (a GET of the fixed path)', async () => {
    server.reply(() => ({ status: 200, headers: { 'Content-Type': 'text/plain' }, body: `${TOKEN}\n` }));
    const before = server.paths.length;
    expect(await fetcher().fetchProof(server.domain)).toEqual({ ok: true, status: 200, body: `${TOKEN}\n` });
    expect(server.paths.slice(before)).toEqual([PROOF_PATH]);
  });

  it('404 is not_found; another status is http_status', async () => {
    server.reply(() => ({ status: 404 }));
    expect(await fetcher().fetchProof(server.domain)).toMatchObject({
      ok: false,
      reason: 'not_found',
      status: 404,
    });
    server.reply(() => ({ status: 500 }));
    expect(await fetcher().fetchProof(server.domain)).toMatchObject({
      ok: false,
      reason: 'http_status',
      status: 500,
    });
  });

  it('a redirect is refused and never followed', async () => {
    server.reply((path) =>
      path === PROOF_PATH
        ? { status: 302, headers: { Location: '/elsewhere' } }
        : { status: 200, body: TOKEN },
    );
    const before = server.paths.length;
    const outcome = await fetcher().fetchProof(server.domain);
    expect(outcome).toMatchObject({ ok: false, reason: 'redirect', status: 302 });
    if (!outcome.ok) expect(outcome.message).toMatch(/redirects are not followed/);
    expect(server.paths.slice(before)).toEqual([PROOF_PATH]);
  });

  it(`a body over ${PROOF_MAX_BYTES} bytes is refused, declared or streamed`, async () => {
    server.reply(() => ({ status: 200, body: 'x'.repeat(PROOF_MAX_BYTES + 1) }));
    expect(await fetcher().fetchProof(server.domain)).toMatchObject({ ok: false, reason: 'too_large' });
    server.reply(() => ({
      status: 200,
      headers: { 'Transfer-Encoding': 'chunked' },
      body: 'y'.repeat(PROOF_MAX_BYTES * 3),
    }));
    expect(await fetcher().fetchProof(server.domain)).toMatchObject({ ok: false, reason: 'too_large' });
    server.reply(() => ({ status: 200, body: 'z'.repeat(PROOF_MAX_BYTES) }));
    expect(await fetcher().fetchProof(server.domain)).toMatchObject({ ok: true });
  });

  it('a server that never answers is a timeout (the limit shortened for the test)', async () => {
    server.reply(() => 'hang');
    const outcome = await fetcher({ timeoutMs: 300 }).fetchProof(server.domain);
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout', status: null });
  });

  it('loopback is refused unless allowed like webhook receivers (UNSAFE_WEBHOOK_ALLOW_HOSTS)', async () => {
    server.reply(() => ({ status: 200, body: TOKEN }));
    const before = server.paths.length;
    const outcome = await fetcher({ allowHosts: [] }).fetchProof(server.domain);
    expect(outcome).toMatchObject({ ok: false, reason: 'address_refused', status: null });
    if (!outcome.ok) expect(outcome.message).not.toContain('127.0.0.1');
    expect(server.paths.length).toBe(before);
  });

  it('without the test authority the self-signed certificate fails TLS (production trusts the system store)', async () => {
    server.reply(() => ({ status: 200, body: TOKEN }));
    const before = server.paths.length;
    const outcome = await createDomainProofFetcher({
      allowHosts: ['127.0.0.1'],
      resolve: server.resolve,
      // The port only: no CA, as in production.
      testTls: { port: server.port },
    }).fetchProof(server.domain);
    expect(outcome).toMatchObject({ ok: false, reason: 'tls_failed' });
    expect(server.paths.length).toBe(before);
  });

  it('a name that does not resolve is refused like a private one', async () => {
    expect(await fetcher().fetchProof('nowhere.test')).toMatchObject({
      ok: false,
      reason: 'address_refused',
    });
  });
});
