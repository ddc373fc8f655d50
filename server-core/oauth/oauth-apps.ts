import type { Ability } from '../apikeys/abilities';
import { isAbility } from '../apikeys/abilities';
import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { redirectUriProblem } from './redirect-uri';
import { orderAbilities } from './scopes';
import { clientIdOf, mintCredential } from './token-format';
import { OAUTH_TOKENS_CHANNEL } from './tokens-channel';

/** At most this many redirect URIs per app. */
export const MAX_REDIRECT_URIS = 10;

export interface OAuthApp {
  workspace_id: string;
  id: string;
  client_id: string;
  name: string;
  redirect_uris: string[];
  scopes: Ability[];
  created_at: Date;
}

interface AppRow extends Omit<OAuthApp, 'client_id'> {
  secret_hash: string;
}

const COLUMNS = 'workspace_id, id, name, redirect_uris, scopes, created_at';

const withClientId = (row: Omit<OAuthApp, 'client_id'>): OAuthApp => ({
  workspace_id: row.workspace_id,
  id: row.id,
  client_id: clientIdOf(row.workspace_id, row.id),
  name: row.name,
  redirect_uris: row.redirect_uris,
  scopes: row.scopes,
  created_at: row.created_at,
});

export interface RegisterOAuthAppInput {
  name: string;
  redirectUris: readonly string[];
  scopes: readonly string[];
}

/** Registers an app of this workspace; the client secret is returned here once and only its hash is kept. */
export async function registerOAuthApp(
  ctx: Ctx,
  input: RegisterOAuthAppInput,
): Promise<{ app: OAuthApp; clientSecret: string }> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100)
    throw new DomainError('validation_failed', { field: 'name' }, 'name has 1 to 100 characters.');
  if (input.redirectUris.length < 1 || input.redirectUris.length > MAX_REDIRECT_URIS) {
    throw new DomainError(
      'validation_failed',
      { field: 'redirect_uris', max: MAX_REDIRECT_URIS },
      `redirect_uris holds 1 to ${MAX_REDIRECT_URIS} URIs.`,
    );
  }
  for (const uri of input.redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) {
      throw new DomainError(
        'validation_failed',
        { field: 'redirect_uris', rule: problem },
        'Each redirect URI is an absolute https URI (http only on a loopback host) without userinfo or fragment, written as it will be sent.',
      );
    }
  }
  const unknown = input.scopes.filter((s) => !isAbility(s));
  if (unknown.length > 0 || input.scopes.length === 0) {
    throw new DomainError(
      'validation_failed',
      { field: 'scopes', unknown },
      'scopes must be a non-empty list of API abilities.',
    );
  }
  const now = ctx.clock.now();
  const id = newId(now);
  const secret = mintCredential('clientSecret', ctx.workspaceId);
  return ctx.db.tx(async (tx) => {
    const [row] = await tx.query<Omit<OAuthApp, 'client_id'>>(
      `insert into oauth_apps (workspace_id, id, name, redirect_uris, scopes, secret_hash, created_by, created_at)
       values ($1, $2, $3, $4::text[], $5::text[], $6, $7, $8) returning ${COLUMNS}`,
      [
        ctx.workspaceId,
        id,
        name,
        [...new Set(input.redirectUris)],
        orderAbilities(input.scopes as Ability[]),
        secret.hash,
        ctx.actor.type === 'user' ? ctx.actor.id : null,
        now,
      ],
    );
    const app = withClientId(row!);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'oauth_app.registered',
        targetType: 'oauth_app',
        targetId: id,
        data: { name, redirect_uris: app.redirect_uris, scopes: app.scopes },
      },
    );
    return { app, clientSecret: secret.plaintext };
  });
}

export async function listOAuthApps(
  ctx: Ctx,
  page: { limit: number; beforeId: string | null },
): Promise<OAuthApp[]> {
  const rows = await ctx.db.query<Omit<OAuthApp, 'client_id'>>(
    `select ${COLUMNS} from oauth_apps where workspace_id = $1 and ($2::text is null or id < $2)
     order by id desc limit $3`,
    [ctx.workspaceId, page.beforeId, page.limit + 1],
  );
  return rows.map(withClientId);
}

/**
 * Withdraws an app of this workspace: its installs everywhere, and every code and token it issued, go
 * with it (foreign keys cascade), so no token of it is active after this returns.
 */
export async function deleteOAuthApp(ctx: Ctx, appId: string): Promise<void> {
  await ctx.db.tx(async (tx) => {
    const [counts] = await tx.query<{ installs: number; tokens: number }>(
      `select (select count(*)::int from oauth_installs where app_workspace_id = $1 and app_id = $2) as installs,
              (select count(*)::int from oauth_tokens t join oauth_installs i
                 on i.workspace_id = t.workspace_id and i.id = t.install_id
               where i.app_workspace_id = $1 and i.app_id = $2) as tokens`,
      [ctx.workspaceId, appId],
    );
    const deleted = await tx.query(
      `delete from oauth_apps where workspace_id = $1 and id = $2 returning id`,
      [ctx.workspaceId, appId],
    );
    if (deleted.length === 0) throw notFound('OAuth app');
    // Its installs in every workspace went with it (foreign keys cascade).
    await tx.notify(OAUTH_TOKENS_CHANNEL, '*');
    await recordAudit(
      { ...ctx, db: tx },
      { action: 'oauth_app.deleted', targetType: 'oauth_app', targetId: appId, data: { ...counts } },
    );
  });
}

/** The app a client id names, with its secret hash (client authentication, the consent page). */
export async function findOAuthAppByClientId(
  db: Sql,
  client: { workspaceId: string; appId: string },
): Promise<(OAuthApp & { secret_hash: string }) | null> {
  const [row] = await db.query<AppRow>(
    `select ${COLUMNS}, secret_hash from oauth_apps where workspace_id = $1 and id = $2`,
    [client.workspaceId, client.appId],
  );
  return row ? { ...withClientId(row), secret_hash: row.secret_hash } : null;
}
