import { expect, it } from 'vitest';
import { createLogger } from '../../bff/logger';
import { describeDb } from '../../server-core/testing/db';
import type { Resolver } from '../http/transport';
import { webhookHarness } from '../testing/webhook-harness';
import { runWorkerOnce } from './loop';

/**
 * The tenant-visible delivery log must not say which internal names exist or where they point
 * (issue 11): a name that resolves into private space and a name that does not exist read the same.
 * The operator's log keeps the detail.
 */
describeDb('a refused address in the delivery log', (getDb) => {
  it('says only that the host has no public address; the server log has the detail', async () => {
    const db = getDb();
    // The service's resolver knows an internal name (split-horizon DNS); the other name does not exist.
    const resolve: Resolver = async (host) => {
      if (host === 'billing.example.com') return [{ address: '10.20.30.40', family: 4 }];
      throw Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    const h = webhookHarness(db, { transport: { allowHosts: [], resolve } });
    const lines: string[] = [];
    h.deps.logger = createLogger('debug', (l) => lines.push(l));
    const ws = await h.workspace();
    const internal = await ws.register('https://billing.example.com/hook');
    const missing = await ws.register('https://nothing-here.example.com/hook');
    await ws.emit();
    for (let ran = -1; ran !== 0; ) ran = await runWorkerOnce(h.deps, 'w');

    const seen = [];
    for (const [id, host] of [
      [internal, 'billing.example.com'],
      [missing, 'nothing-here.example.com'],
    ] as const) {
      const { deliveries, text } = await ws.log(id);
      expect(deliveries[0]!.attempts).toEqual([
        expect.objectContaining({
          number: 1,
          succeeded: false,
          status_code: null,
          error_code: 'address_refused',
          error: `Refused: ${host} has no public address.`,
        }),
      ]);
      seen.push(text, (await ws.endpoint(id)).text);
    }
    for (const text of seen) {
      expect(text).not.toContain('10.20.30.40');
      expect(text).not.toMatch(/resolves to|ENOTFOUND/);
    }
    expect(lines.some((l) => l.includes('billing.example.com resolves to 10.20.30.40'))).toBe(true);
  });
});
