import { expect, it } from 'vitest';
import type { Db } from '../db/db';
import { manualClock, SECOND } from '../lib/clock';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { createFlagCache } from './flag-cache';
import { setFlag } from './flags';

/** The same database, its flag reads counted. */
function counted(db: Db) {
  const seen = { reads: 0 };
  const view = new Proxy(db, {
    get(target, prop) {
      if (prop === 'query') {
        return (text: string, params?: readonly unknown[]) => {
          if (text.includes('from feature_flags')) seen.reads++;
          return target.query(text, params);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: view, seen };
}

describeDb('the flag cache', (getDb) => {
  it('concurrent misses share one read, also when the TTL ends under load', async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T10:00:00Z');
    const ws = await makeWorkspace(db, clock.now());
    const node = counted(db);
    const flags = createFlagCache({ db: node.db, clock });
    const ask = () =>
      Promise.all(Array.from({ length: 20 }, () => flags.isEnabled(ws.id, 'feature.api.public_v1')));
    expect((await ask()).every(Boolean)).toBe(true);
    expect(node.seen.reads).toBe(1);
    clock.advance(5 * SECOND);
    await ask();
    expect(node.seen.reads).toBe(2);
  });

  it('a flag switched off reaches every node through NOTIFY, the clock standing still', async () => {
    const db = getDb();
    const clock = manualClock('2026-11-01T10:00:00Z');
    const ws = await makeWorkspace(db, clock.now());
    const nodes = [createFlagCache({ db, clock }), createFlagCache({ db, clock })];
    for (const n of nodes) expect(await n.isEnabled(ws.id, 'feature.api.public_v1')).toBe(true);
    await setFlag(db, ws.id, 'feature.api.public_v1', false, clock.now());
    for (const n of nodes) {
      await expect.poll(() => n.isEnabled(ws.id, 'feature.api.public_v1'), { timeout: 5000 }).toBe(false);
    }
  });
});
