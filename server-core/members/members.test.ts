import { expect, it } from 'vitest';
import { DomainError, type ErrorCode } from '../lib/errors';
import { newId } from '../lib/ulid';
import { describeDb } from '../testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../testing/fixtures';
import { PERMISSIONS, ROLE_PERMISSIONS, roleHas } from './catalog';
import { login } from './login';
import { DEFAULT_LOGIN_LIMITS } from './login-throttle';
import { createSession, findSession, SESSION_TTL_MS } from './sessions';
import { createUser } from './users';

/** Statuses belong to the BFF: bff/middleware/errors/status.test.ts pins the ones these tests asserted. */
const expectError = async <C extends ErrorCode>(p: Promise<unknown>, code: C) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).code).toBe(code);
  return err as DomainError<C>;
};

describeDb('members and sessions', (getDb) => {
  it('writes the role catalog into its tables', async () => {
    const rows = await getDb().query<{ role: string; permission: string }>(
      'select role, permission from role_permissions order by role, permission',
    );
    const expected = Object.entries(ROLE_PERMISSIONS)
      .flatMap(([role, ps]) => ps.map((permission) => ({ role, permission })))
      .sort((a, b) => (a.role + a.permission < b.role + b.permission ? -1 : 1));
    expect(rows).toEqual(expected);
    const perms = await getDb().query<{ key: string }>('select key from permissions order by key');
    expect(perms.map((p) => p.key)).toEqual(Object.keys(PERMISSIONS).sort());
    for (const p of [
      'api_keys.manage',
      'settings.manage',
      'webhooks.manage',
      'billing.manage',
      'workspace.delete',
    ] as const) {
      expect(roleHas('owner', p)).toBe(true);
    }
    expect(roleHas('admin', 'billing.manage')).toBe(false);
    expect(roleHas('admin', 'workspace.delete')).toBe(false);
    expect(roleHas('member', 'api_keys.manage')).toBe(false);
    // Answering customers is every role's work (issue 16); the SLA targets stay a setting.
    for (const role of ['owner', 'admin', 'member'] as const)
      expect(roleHas(role, 'conversations.manage')).toBe(true);
    expect(roleHas('member', 'settings.manage')).toBe(false);
  });

  it('signs in with the right password and stores only a hash of the session token', async () => {
    const db = getDb();
    const now = new Date();
    const ws = await makeWorkspace(db, now);
    const user = await makeMember(db, ws.id, 'owner', now);
    const result = await login(db, {
      email: `  ${user.email.toUpperCase()} `,
      password: TEST_PASSWORD,
      ip: '10.0.0.1',
      now,
    });
    expect(result.user.id).toBe(user.id);
    expect(result.session.expires_at.getTime()).toBe(now.getTime() + SESSION_TTL_MS);
    const stored = await db.query<Record<string, unknown>>('select * from sessions where id = $1', [
      result.session.id,
    ]);
    expect(JSON.stringify(stored)).not.toContain(result.token);
    expect((await findSession(db, result.token, now))?.user_id).toBe(user.id);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const now = new Date();
    const a = await expectError(
      login(db, { email: user.email, password: 'wrong-password!', ip: '10.0.0.2', now }),
      'invalid_credentials',
    );
    const b = await expectError(
      login(db, { email: `nobody-${newId()}@example.test`, password: 'x', ip: '10.0.0.2', now }),
      'invalid_credentials',
    );
    expect(a.message).toBe(b.message);
  });

  it('a user without a password (provisioned) cannot sign in with one', async () => {
    const db = getDb();
    const user = await createUser(db, { email: `sso-${newId()}@example.test`, now: new Date() });
    await expectError(
      login(db, { email: user.email, password: '', ip: '10.0.0.3', now: new Date() }),
      'invalid_credentials',
    );
  });

  // The sign-in throttle's tests (per account and address, per account, parallel guesses) are in
  // login-throttle.test.ts.

  it('a success clears the per-email count', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'admin');
    const now = new Date();
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.freeFailures - 1; i++) {
      await expectError(
        login(db, { email: user.email, password: 'nope-nope-nope', ip: '10.2.0.1', now }),
        'invalid_credentials',
      );
    }
    await login(db, { email: user.email, password: TEST_PASSWORD, ip: '10.2.0.1', now });
    await expectError(
      login(db, { email: user.email, password: 'nope-nope-nope', ip: '10.2.0.1', now }),
      'invalid_credentials',
    );
  });

  it('throttles per client address across many emails', async () => {
    const db = getDb();
    const now = new Date();
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}-${newId()}`;
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.addressFailures; i++) {
      await db.query(
        'insert into login_attempts (id, email_normalized, ip, succeeded, created_at) values ($1, $2, $3, false, $4)',
        [newId(), `spray-${i}@example.test`, ip, now],
      );
    }
    await expectError(
      login(db, { email: 'fresh@example.test', password: 'whatever', ip, now }),
      'too_many_login_attempts',
    );
    await expectError(
      login(db, { email: 'fresh@example.test', password: 'whatever', ip: '198.51.100.7', now }),
      'invalid_credentials',
    );
  });

  it('sessions expire by the clock, and unknown or hostile tokens find nothing', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const now = new Date();
    const { token } = await createSession(db, { userId: user.id, now });
    expect(await findSession(db, token, new Date(now.getTime() + SESSION_TTL_MS - 1))).not.toBeNull();
    expect(await findSession(db, token, new Date(now.getTime() + SESSION_TTL_MS))).toBeNull();
    for (const bad of [undefined, '', 'x', `${token}x`, "' or 1=1 --", 'a'.repeat(10_000)]) {
      expect(await findSession(db, bad, now)).toBeNull();
    }
  });

  it('refuses short passwords when creating a user', async () => {
    await expectError(
      createUser(getDb(), { email: `s-${newId()}@example.test`, password: 'short', now: new Date() }),
      'validation_failed',
    );
  });
});
