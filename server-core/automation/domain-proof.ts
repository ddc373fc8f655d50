import type { DomainProofFailure } from '../lib/errors/catalog';

/**
 * How verifyVerifiedDomain reads a domain's verification file. server-core decides what the file must
 * say; the fetcher (runtime/http/domain-proof-fetcher.ts, handed in through the BFF's Services) reads
 * https://<domain>/.well-known/widget-domain-verification.txt through the webhook transport's SSRF guard:
 * resolve once, refuse private space unless UNSAFE_WEBHOOK_ALLOW_HOSTS allows the host, connect to the
 * vetted address, PROOF_TIMEOUT_MS for everything, PROOF_MAX_BYTES at most, redirects never followed.
 */
export const PROOF_PATH = '/.well-known/widget-domain-verification.txt';
export const PROOF_TIMEOUT_MS = 5_000;
export const PROOF_MAX_BYTES = 4_096;

export const proofUrl = (domain: string) => `https://${domain}${PROOF_PATH}`;

export type ProofFetchOutcome =
  | { ok: true; status: number; body: string }
  | {
      ok: false;
      reason: Exclude<DomainProofFailure, 'wrong_content'>;
      status: number | null;
      /** What the workspace is told to fix; never which private address a name resolved to. */
      message: string;
    };

export interface DomainProofFetcher {
  /** GET https://<domain>/.well-known/widget-domain-verification.txt, guarded as above. */
  fetchProof(domain: string): Promise<ProofFetchOutcome>;
}
