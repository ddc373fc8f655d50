/**
 * How an attempt reaches a receiver. server-core decides what to send and records what happened;
 * the transport (runtime/http/transport.ts) resolves the host, vets every address, connects to
 * the vetted one and enforces the time-out. Tests use the real transport against a loopback receiver.
 */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type AttemptErrorCode =
  | 'http_status'
  | 'redirect_not_followed'
  | 'timeout'
  | 'dns_failed'
  | 'address_refused'
  | 'connection_failed'
  | 'tls_failed'
  | 'invalid_url'
  | 'signing_secret_unavailable';

export type AttemptOutcome =
  | { ok: true; statusCode: number; durationMs: number }
  | {
      ok: false;
      statusCode: number | null;
      errorCode: AttemptErrorCode;
      /** What the tenant's delivery log shows: never which private address a name resolved to. */
      error: string;
      /** More for the operator's log only (e.g. the refused address); never stored. */
      detail?: string;
      durationMs: number;
    };

export interface WebhookTransport {
  send(request: WebhookRequest): Promise<AttemptOutcome>;
}
