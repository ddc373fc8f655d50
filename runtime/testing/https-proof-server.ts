import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Resolver } from '../http/transport';

/** What the proof server answers: a status with headers and a body, or 'hang' to never answer. */
export type ProofReply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface ProofServer {
  /** The name the certificate is for; `resolve` maps it to 127.0.0.1. */
  domain: string;
  port: number;
  /** The self-signed certificate (PEM), to trust as the test's only authority. */
  ca: string;
  resolve: Resolver;
  paths: string[];
  reply(fn: (path: string) => ProofReply): void;
  close(): Promise<void>;
}

/**
 * A real HTTPS server on 127.0.0.1 with a self-signed certificate made now by openssl for `domain` (no
 * certificate is committed): the domain-proof fetcher is tested over real TLS, trusting this certificate
 * through its test-only `testTls` option.
 */
export async function startProofServer(domain = 'proof.test'): Promise<ProofServer> {
  const dir = mkdtempSync(join(tmpdir(), 'proof-tls-'));
  let key: string;
  let cert: string;
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${domain}`,
        '-addext',
        `subjectAltName=DNS:${domain}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    key = readFileSync(join(dir, 'key.pem'), 'utf8');
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const paths: string[] = [];
  const hanging = new Set<ServerResponse>();
  let replyFn: (path: string) => ProofReply = () => ({ status: 404 });
  const server = createServer({ key, cert }, (req, res) => {
    paths.push(req.url ?? '');
    const reply = replyFn(req.url ?? '');
    if (reply === 'hang') {
      hanging.add(res);
      return;
    }
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    domain,
    port,
    ca: cert,
    resolve: async (hostname) => {
      if (hostname !== domain) throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
      return [{ address: '127.0.0.1', family: 4 }];
    },
    paths,
    reply(fn) {
      replyFn = fn;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
