import type { Sql } from '../db/db';
import { constantTimeEqual } from '../lib/crypto';
import { DomainError } from '../lib/errors';
import { findOAuthAppByClientId, type OAuthApp } from './oauth-apps';
import { hashCredential, parseClientId } from './token-format';

/** Compared against when the client is unknown, so an unknown client costs what a wrong secret costs. */
const NO_SECRET_HASH = hashCredential('no client has this secret');

/**
 * Client authentication at the token and introspection endpoints. An unknown client, a malformed id
 * and a wrong secret are one answer (invalid_client), never an oracle for which client ids exist.
 */
export async function authenticateClient(
  db: Sql,
  credentials: { clientId: string; clientSecret: string },
  /** Runs once the client is known and before its secret is checked (the per-client rate limit). */
  beforeSecret?: (app: OAuthApp) => Promise<void>,
): Promise<OAuthApp> {
  const app = await findOAuthApp(db, credentials.clientId);
  if (app && beforeSecret) await beforeSecret(app);
  const ok = constantTimeEqual(hashCredential(credentials.clientSecret), app?.secret_hash ?? NO_SECRET_HASH);
  if (!app || !ok) throw new DomainError('oauth_invalid_client');
  const { secret_hash: _, ...rest } = app;
  return rest;
}

/** The app a client id names, or null (malformed or unknown). */
export async function findOAuthApp(db: Sql, clientId: string) {
  const client = parseClientId(clientId);
  return client ? findOAuthAppByClientId(db, client) : null;
}
