import type { Sql } from '../db/db';
import { HOUR, SECOND } from '../lib/clock';

/** A replayable answer lives 24 hours; after that the key may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR;
/** An in-progress claim older than this belongs to a request that died; a retry may take it over. */
export const ABANDONED_AFTER_MS = 60 * SECOND;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface IdempotencyKeyRef {
  workspaceId: string;
  scope: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

interface RecordRow {
  request_hash: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: string | null;
  response_headers: Record<string, string> | null;
  created_at: Date;
  expires_at: Date;
}

/**
 * Claims a key for one request. Exactly one of any number of concurrent callers gets `claimed`
 * (the primary key decides); the others see the finished answer, a mismatch, or in_progress.
 */
export async function claimIdempotencyKey(
  db: Sql,
  ref: IdempotencyKeyRef,
  requestHash: string,
  now: Date,
): Promise<ClaimResult> {
  for (let round = 0; round < 2; round++) {
    const inserted = await db.query(
      `insert into idempotency_records (workspace_id, scope, key, request_hash, state, created_at, expires_at)
       values ($1, $2, $3, $4, 'in_progress', $5, $6)
       on conflict (workspace_id, scope, key) do nothing returning key`,
      [ref.workspaceId, ref.scope, ref.key, requestHash, now, new Date(now.getTime() + IDEMPOTENCY_TTL_MS)],
    );
    if (inserted.length === 1) return { kind: 'claimed' };

    const [row] = await db.query<RecordRow>(
      `select request_hash, state, response_status, response_body, response_headers, created_at, expires_at
       from idempotency_records where workspace_id = $1 and scope = $2 and key = $3`,
      [ref.workspaceId, ref.scope, ref.key],
    );
    if (!row) continue; // released between our insert and select: try again
    const expired = row.expires_at.getTime() <= now.getTime();
    const abandoned =
      row.state === 'in_progress' && now.getTime() - row.created_at.getTime() > ABANDONED_AFTER_MS;
    if (expired || abandoned) {
      // Only one taker wins the delete of this exact row; the loop then re-inserts.
      await db.query(
        `delete from idempotency_records where workspace_id = $1 and scope = $2 and key = $3 and created_at = $4`,
        [ref.workspaceId, ref.scope, ref.key, row.created_at],
      );
      continue;
    }
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'in_progress') return { kind: 'in_progress' };
    return {
      kind: 'replay',
      response: {
        status: row.response_status!,
        body: row.response_body ?? '',
        headers: row.response_headers ?? {},
      },
    };
  }
  return { kind: 'in_progress' };
}

export async function completeIdempotencyKey(
  db: Sql,
  ref: IdempotencyKeyRef,
  response: StoredResponse,
): Promise<void> {
  await db.query(
    `update idempotency_records set state = 'completed', response_status = $4, response_body = $5, response_headers = $6::jsonb
     where workspace_id = $1 and scope = $2 and key = $3 and state = 'in_progress'`,
    [ref.workspaceId, ref.scope, ref.key, response.status, response.body, JSON.stringify(response.headers)],
  );
}

/** Gives the key back (the request failed in a way a retry should redo). */
export async function releaseIdempotencyKey(db: Sql, ref: IdempotencyKeyRef): Promise<void> {
  await db.query(
    `delete from idempotency_records where workspace_id = $1 and scope = $2 and key = $3 and state = 'in_progress'`,
    [ref.workspaceId, ref.scope, ref.key],
  );
}

export async function purgeExpiredIdempotencyRecords(db: Sql, now: Date): Promise<number> {
  const rows = await db.query('delete from idempotency_records where expires_at <= $1 returning key', [now]);
  return rows.length;
}
