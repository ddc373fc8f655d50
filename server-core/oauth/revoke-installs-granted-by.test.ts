import { expect, it } from 'vitest';
import { manualClock } from '../lib/clock';
import { addMembership } from '../members/memberships';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeMember, makeWorkspace } from '../testing/fixtures';
import { createAccessTokenAuthenticator } from './access-token-authenticator';
import { grantAuthorization } from './grant-authorization';
import { registerOAuthApp } from './oauth-apps';
import { s256 } from './pkce';
import { revokeInstallsGrantedBy } from './revoke-installs-granted-by';
import { exchangeCode } from './token-grants';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const REDIRECT = 'https://app.example/cb';

describeDb('revokeInstallsGrantedBy (SCIM deprovision)', (getDb) => {
  it("revokes every live install the user granted in this workspace and their tokens, and nobody else's", async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T12:00:00.000Z');
    const dev = await makeWorkspace(db, clock.now());
    const { app } = await registerOAuthApp(testCtx(db, dev.id, clock), {
      name: 'App',
      redirectUris: [REDIRECT],
      scopes: ['contacts:read'],
    });
    const { app: app2 } = await registerOAuthApp(testCtx(db, dev.id, clock), {
      name: 'App 2',
      redirectUris: [REDIRECT],
      scopes: ['contacts:read'],
    });
    const ws = await makeWorkspace(db, clock.now());
    const other = await makeWorkspace(db, clock.now());
    const leaving = await makeMember(db, ws.id, 'admin', clock.now());
    const staying = await makeMember(db, ws.id, 'admin', clock.now());
    await addMembership(db, { workspaceId: other.id, userId: leaving.id, role: 'admin', now: clock.now() });

    const install = async (workspaceId: string, userId: string, a = app) => {
      const ctx = { ...testCtx(db, workspaceId, clock), actor: { type: 'user' as const, id: userId } };
      const { code } = await grantAuthorization(ctx, {
        app: a,
        userId,
        scopes: ['contacts:read'],
        redirectUri: REDIRECT,
        codeChallenge: s256(VERIFIER),
      });
      return exchangeCode({ db, clock }, a, { code, redirectUri: REDIRECT, codeVerifier: VERIFIER });
    };
    const mine = await install(ws.id, leaving.id);
    // A second consent of the same member updates the one live install (two at once, too).
    await Promise.all([install(ws.id, leaving.id), install(ws.id, leaving.id)]);
    expect(
      await db.query(
        'select count(*)::int as n from oauth_installs where workspace_id = $1 and granted_by = $2 and app_id = $3',
        [ws.id, leaving.id, app.id],
      ),
    ).toEqual([{ n: 1 }]);
    const mine2 = await install(ws.id, leaving.id, app2);
    const theirs = await install(ws.id, staying.id);
    const elsewhere = await install(other.id, leaving.id);

    // Two nodes that already hold every token in their caches: the revocation reaches both.
    const nodes = [
      createAccessTokenAuthenticator({ db, clock }),
      createAccessTokenAuthenticator({ db, clock }),
    ];
    const liveOn = async (node: (typeof nodes)[number], t: { access_token: string }) =>
      (await node.authenticate(t.access_token)) !== null;
    for (const node of nodes)
      for (const t of [mine, mine2, theirs, elsewhere]) expect(await liveOn(node, t)).toBe(true);

    expect(await revokeInstallsGrantedBy(testCtx(db, ws.id, clock), leaving.id)).toBe(2);
    // The node that revoked (the same Db handle) sees it at once; the other as soon as NOTIFY lands.
    const live = (t: { access_token: string }) => liveOn(nodes[0]!, t);
    await expect.poll(() => liveOn(nodes[1]!, mine), { timeout: 5000 }).toBe(false);
    expect(await live(mine)).toBe(false);
    expect(await live(mine2)).toBe(false);
    expect(await live(theirs)).toBe(true);
    expect(await live(elsewhere)).toBe(true);
    const revokedRefresh = await db.query(
      `select count(*)::int as n from oauth_tokens where workspace_id = $1 and revoked_at is null and install_id in
         (select id from oauth_installs where workspace_id = $1 and granted_by = $2)`,
      [ws.id, leaving.id],
    );
    expect(revokedRefresh).toEqual([{ n: 0 }]);
    // Again: nothing left to revoke.
    expect(await revokeInstallsGrantedBy(testCtx(db, ws.id, clock), leaving.id)).toBe(0);
    const audit = await db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where workspace_id = $1 and action = 'oauth_install.revoked'`,
      [ws.id],
    );
    expect(audit).toEqual([{ n: 2 }]);
  });
});
