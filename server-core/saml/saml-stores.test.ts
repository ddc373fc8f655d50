import { expect, it } from 'vitest';
import { MINUTE } from '../lib/clock';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { recordAssertionId } from './assertion-ids';
import { purgeExpiredSaml } from './purge-saml';
import { consumeAuthnRequest, storeAuthnRequest } from './request-store';
import { SAML_REQUEST_TTL_MS } from './saml-limits';

describeDb('the SAML stores', (getDb) => {
  it('consumes a request once, only with its own RelayState, only in its workspace, only before it expires', async () => {
    const db = getDb();
    const a = testCtx(db, (await makeWorkspace(db)).id);
    const b = testCtx(db, (await makeWorkspace(db)).id, a.clock);
    const one = await storeAuthnRequest(a, { requestId: '_r1', redirectTo: '/app/x' });
    const two = await storeAuthnRequest(a, { requestId: '_r2', redirectTo: '/app/y' });
    expect(one.relayState).not.toBe(two.relayState);

    expect(await consumeAuthnRequest(a, { requestId: '_r1', relayState: two.relayState })).toBeNull();
    expect(await consumeAuthnRequest(a, { requestId: '_r1', relayState: null })).toBeNull();
    expect(await consumeAuthnRequest(b, { requestId: '_r1', relayState: one.relayState })).toBeNull();
    const racing = await Promise.all([
      consumeAuthnRequest(a, { requestId: '_r1', relayState: one.relayState }),
      consumeAuthnRequest(a, { requestId: '_r1', relayState: one.relayState }),
    ]);
    expect(racing.filter(Boolean)).toEqual([{ redirectTo: '/app/x' }]);

    a.clock.advance(SAML_REQUEST_TTL_MS);
    expect(await consumeAuthnRequest(a, { requestId: '_r2', relayState: two.relayState })).toBeNull();
  });

  it('records an assertion id once per workspace until it expires, then purges it', async () => {
    const db = getDb();
    const a = testCtx(db, (await makeWorkspace(db)).id);
    const b = testCtx(db, (await makeWorkspace(db)).id, a.clock);
    const until = new Date(a.clock.now().getTime() + 10 * MINUTE);
    expect(await recordAssertionId(a, '_a1', until)).toBe(true);
    expect(await recordAssertionId(a, '_a1', until)).toBe(false);
    expect(await recordAssertionId(b, '_a1', until)).toBe(true);
    a.clock.advance(9 * MINUTE);
    expect(await recordAssertionId(a, '_a1', until)).toBe(false);
    a.clock.advance(MINUTE);
    expect(await recordAssertionId(a, '_a1', new Date(a.clock.now().getTime() + MINUTE))).toBe(true);

    await storeAuthnRequest(a, { requestId: '_old', redirectTo: '/app' });
    a.clock.advance(SAML_REQUEST_TTL_MS + MINUTE);
    expect(await purgeExpiredSaml(db, a.clock.now())).toBeGreaterThanOrEqual(2);
    const left = await db.query('select 1 from saml_requests where workspace_id = $1', [a.workspaceId]);
    expect(left).toHaveLength(0);
  });
});
