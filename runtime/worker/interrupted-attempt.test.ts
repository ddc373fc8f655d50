import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimDueJobs } from '../../server-core/jobs/claim-jobs';
import { HOUR, MINUTE, SECOND } from '../../server-core/lib/clock';
import { describeDb } from '../../server-core/testing/db';
import { ATTEMPT_JOB_KIND } from '../../server-core/webhooks/attempt-job';
import { dispatchEvents } from '../../server-core/webhooks/dispatch-events';
import { webhookHarness } from '../testing/webhook-harness';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';
import type { WorkerDeps } from './deps';
import { defaultLeases } from './handlers';
import { runWorkerOnce } from './loop';

/**
 * A worker killed mid-attempt (issue 11): it claimed the attempt as a worker does (the same leases)
 * and never finished. Its attempt comes back after the attempt's lease (30 s), as the next attempt.
 */
describeDb('an attempt whose worker was killed', (getDb) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const drain = async (deps: WorkerDeps) => {
    let total = 0;
    for (let ran = -1; ran !== 0; total += ran) ran = await runWorkerOnce(deps, 'alive');
    return total;
  };

  const setup = async (path: string) => {
    const db = getDb();
    const h = webhookHarness(db);
    const ws = await h.workspace();
    const endpointId = await ws.register(`${receiver.url}${path}`);
    const sent = () =>
      receiver.requests.filter((r) => r.path === path).map((r) => r.headers['service-attempt']);
    /** A worker takes the due attempt and is killed before it sends or records anything. */
    const claimAndKill = async () => {
      await dispatchEvents(db, h.t.clock.now());
      const taken = await claimDueJobs(db, {
        workerId: 'killed',
        now: h.t.clock.now(),
        limit: 10,
        leaseMs: 5 * MINUTE,
        leases: defaultLeases(),
        kinds: [ATTEMPT_JOB_KIND],
      });
      expect(taken).toHaveLength(1);
    };
    return { db, h, ws, endpointId, sent, claimAndKill, drain: () => drain(h.deps) };
  };

  it('is sent again 30 s later as Service-Attempt 2, and the log shows attempt 2', async () => {
    const { h, ws, endpointId, sent, claimAndKill, drain } = await setup('/killed-once');
    receiver.reply(() => ({ status: 200 }));
    await ws.emit();
    await claimAndKill();
    h.t.clock.advance(29 * SECOND);
    await drain();
    expect(sent(), 'not before the lease ran out').toEqual([]);
    h.t.clock.advance(2 * SECOND);
    await drain();
    expect(sent()).toEqual(['2']);
    const [delivery] = (await ws.log(endpointId)).deliveries;
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ number: 2, succeeded: true, status_code: 200 }),
    ]);
  });

  it('counts the lost attempt toward the five: attempts 2 to 5 follow, then the delivery fails', async () => {
    const { h, ws, endpointId, sent, claimAndKill, drain } = await setup('/killed-then-failing');
    receiver.reply(() => ({ status: 500 }));
    await ws.emit();
    await claimAndKill();
    h.t.clock.advance(31 * SECOND);
    await drain();
    expect(sent()).toEqual(['2']);
    // The schedule goes on from attempt 2: 5 minutes, 30 minutes, 2 hours.
    for (const delay of [5 * MINUTE, 30 * MINUTE, 2 * HOUR]) {
      h.t.clock.advance(delay);
      await drain();
    }
    expect(sent()).toEqual(['2', '3', '4', '5']);
    h.t.clock.advance(6 * HOUR);
    await drain();
    expect(sent()).toHaveLength(4);
    const [delivery] = (await ws.log(endpointId)).deliveries;
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 5, next_attempt_at: null });
    expect(delivery!.attempts.map((a) => a.number)).toEqual([2, 3, 4, 5]);
    expect((await ws.endpoint(endpointId)).data.consecutive_failures).toBe(1);
  });

  it('when the fifth attempt is the lost one, the delivery fails without a sixth request', async () => {
    const { h, ws, endpointId, sent, claimAndKill, drain } = await setup('/killed-last');
    receiver.reply(() => ({ status: 503 }));
    await ws.emit();
    await drain();
    for (const delay of [MINUTE, 5 * MINUTE, 30 * MINUTE]) {
      h.t.clock.advance(delay);
      await drain();
    }
    expect(sent()).toEqual(['1', '2', '3', '4']);
    h.t.clock.advance(2 * HOUR);
    await claimAndKill();
    h.t.clock.advance(31 * SECOND);
    await drain();
    expect(sent()).toHaveLength(4);
    const [delivery] = (await ws.log(endpointId)).deliveries;
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 5, next_attempt_at: null });
    expect(delivery!.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4]);
    expect((await ws.endpoint(endpointId)).data.consecutive_failures).toBe(1);
  });
});
