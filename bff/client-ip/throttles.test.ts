import { expect, it } from 'vitest';
import { addHelpCenterHost } from '../../server-core/help-center/help-center-hosts';
import { newId } from '../../server-core/lib/ulid';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { HELP_CENTER_RATE_PER_MINUTE } from '../contract/help-center';
import { json, makeTestApp } from '../testing/services';

/** A forged left-most entry, different on every request, in front of what the one proxy appended. */
let n = 0;
const via = (client: string) => ({ 'X-Forwarded-For': `10.${n % 250}.${++n % 250}.7, ${client}` });

describeDb('behind one proxy, the throttles see the entry the proxy appended', (getDb) => {
  it('help-center search: rotating the left-most entry does not reset the per-address limit', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: '1' });
    const ws = await makeWorkspace(db);
    const host = `rot-${newId()}.help.test`;
    await addHelpCenterHost(db, { workspaceId: ws.id, host, now: t.clock.now() });
    const search = (headers: Record<string, string>) =>
      t.app.request('/api/v1/help-center/search?q=x', { headers: { Host: host, ...headers } });
    for (let i = 0; i < HELP_CENTER_RATE_PER_MINUTE; i++) {
      expect((await search(via('198.51.100.7'))).status).not.toBe(429);
    }
    const limited = await search(via('198.51.100.7'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Another client behind the same proxy is its own count.
    expect((await search(via('198.51.100.8'))).status).not.toBe(429);
  });

  it('sign-in: the per-address limit and the session record the appended entry, not the forged one', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: 'on' });
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const ok = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      ...json({ email: user.email, password: TEST_PASSWORD }, via('198.51.100.20')),
    });
    expect(ok.status).toBe(200);
    const [session] = await db.query<{ ip: string }>('select ip from sessions where user_id = $1', [user.id]);
    expect(session!.ip).toBe('198.51.100.20');

    // 50 failures already counted for one address (across many emails): that address is throttled...
    const address = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 50; i++) {
      await db.query(
        'insert into login_attempts (id, email_normalized, ip, succeeded, created_at) values ($1, $2, $3, false, $4)',
        [newId(), `spray-${i}-${newId()}@example.test`, address, t.clock.now()],
      );
    }
    for (let i = 0; i < 3; i++) {
      const res = await t.app.request('/api/v1/auth/login', {
        method: 'POST',
        ...json({ email: `fresh-${newId()}@example.test`, password: 'whatever-password' }, via(address)),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
  });
});
