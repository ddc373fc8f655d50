import { expect, it } from 'vitest';
import type { Db } from '../db/db';
import { manualClock, SECOND } from '../lib/clock';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { createApiKeyAuthenticator } from './api-key-authenticator';
import { revokeApiKey } from './api-keys';
import { createApiKey } from './create-api-key';

/** The same database, its key lookups counted; `deaf` loses every notification (a dropped LISTEN). */
function observed(db: Db, opts: { deaf?: boolean } = {}) {
  const seen = { lookups: 0 };
  const view = new Proxy(db, {
    get(target, prop) {
      if (prop === 'query') {
        return (text: string, params?: readonly unknown[]) => {
          if (text.includes('from api_keys') && text.includes('key_hash = $2')) seen.lookups++;
          return target.query(text, params);
        };
      }
      if (prop === 'listen' && opts.deaf) return () => Promise.reject(new Error('listen refused'));
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: view, seen };
}

describeDb('the API key authenticator', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T10:00:00Z');
    const ws = await makeWorkspace(db, clock.now());
    const ctx = testCtx(db, ws.id, clock);
    const { key, plaintext } = await createApiKey(ctx, { name: 'k', abilities: ['contacts:read'] });
    return { db, clock, ctx, key, plaintext };
  };

  it('concurrent first requests share one lookup; later ones are served from the cache', async () => {
    const { db, clock, plaintext } = await setup();
    const node = observed(db);
    const auth = createApiKeyAuthenticator({ db: node.db, clock });
    const principals = await Promise.all(Array.from({ length: 20 }, () => auth.authenticate(plaintext)));
    expect(principals.every((p) => p?.abilities.includes('contacts:read'))).toBe(true);
    expect(node.seen.lookups).toBe(1);
    await auth.authenticate(plaintext);
    expect(node.seen.lookups).toBe(1);
  });

  it('a revocation reaches every node through NOTIFY without waiting for the TTL', async () => {
    const { db, clock, ctx, key, plaintext } = await setup();
    const nodes = [createApiKeyAuthenticator({ db, clock }), createApiKeyAuthenticator({ db, clock })];
    for (const n of nodes) expect(await n.authenticate(plaintext)).not.toBeNull();
    await revokeApiKey(ctx, key.id);
    // The clock stands still: only the notification can drop the cached keys.
    for (const n of nodes) {
      await expect.poll(() => n.authenticate(plaintext), { timeout: 5000 }).toBeNull();
    }
  });

  it('a node that missed the notification refuses the revoked key once its 10 s TTL ends', async () => {
    const { db, clock, ctx, key, plaintext } = await setup();
    const deaf = observed(db, { deaf: true });
    const auth = createApiKeyAuthenticator({ db: deaf.db, clock });
    expect(await auth.authenticate(plaintext)).not.toBeNull();
    await revokeApiKey(ctx, key.id);
    clock.advance(9 * SECOND);
    expect(await auth.authenticate(plaintext)).not.toBeNull(); // the documented bound, not sooner
    clock.advance(1 * SECOND);
    expect(await auth.authenticate(plaintext)).toBeNull();
  });
});
