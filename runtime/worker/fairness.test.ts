import { afterEach, expect, it } from 'vitest';
import { describeDb } from '../../server-core/testing/db';
import { waitFor, webhookHarness } from '../testing/webhook-harness';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';
import { startWorker } from './loop';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many held requests each path of a silent receiver has. */
const byPath = (r: Receiver) => {
  const counts: Record<string, number> = {};
  for (const req of r.requests) counts[req.path] = (counts[req.path] ?? 0) + 1;
  return counts;
};

/**
 * Fair delivery (issue 11): silent receivers hold their attempts for the whole time-out (60 s here,
 * longer than any test), so what runs at once is exactly what the receivers hold.
 */
describeDb('fair webhook delivery', (getDb) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    // Receivers first: closing them ends the held attempts, so the workers can stop.
    for (const step of cleanup.splice(0)) await step();
  });

  const receivers = async () => {
    const silent = await startReceiver();
    silent.reply(() => 'hang');
    const quick = await startReceiver();
    cleanup.push(
      () => silent.close(),
      () => quick.close(),
    );
    return { silent, quick };
  };

  it("a quiet workspace's delivery goes out at once while another floods 20 silent endpoints", async () => {
    const db = getDb();
    const { silent, quick } = await receivers();
    const h = webhookHarness(db, { transport: { timeoutMs: 60_000 } });
    const flood = await h.workspace();
    for (let i = 0; i < 20; i++) await flood.register(`${silent.url}/flood/${i}`);
    const quiet = await h.workspace();
    await quiet.register(`${quick.url}/quiet`);
    // One worker of the default concurrency (16) and the default caps.
    const worker = await startWorker(h.deps, { pollMs: 50 });
    cleanup.push(() => worker.stop());

    await flood.emit(2); // 40 deliveries, each held for the whole time-out
    expect(await waitFor(() => silent.requests.length >= 8, 10_000)).toBe(true);
    await quiet.emit();
    expect(await waitFor(() => quick.requests.length === 1, 5_000), 'the quiet delivery was held up').toBe(
      true,
    );
    // The flood runs at most 8 attempts at once (the per-workspace cap), none of them finished yet.
    await sleep(200);
    expect(silent.requests.length).toBe(8);
  });

  it('the per-endpoint and per-workspace caps hold across two workers on one database', async () => {
    const db = getDb();
    const { silent } = await receivers();
    const h = webhookHarness(db, { transport: { timeoutMs: 60_000 } });
    const busy = await h.workspace();
    for (let i = 0; i < 3; i++) await busy.register(`${silent.url}/busy/${i}`);
    const other = await h.workspace();
    await other.register(`${silent.url}/other`);
    const caps = { perWorkspace: 5, perKey: 2 };
    for (const _ of [1, 2]) {
      const worker = await startWorker(h.deps, { pollMs: 50, caps });
      cleanup.push(() => worker.stop());
    }

    await busy.emit(10); // 30 deliveries over 3 endpoints
    await other.emit(3); // 3 deliveries to 1 endpoint
    expect(await waitFor(() => silent.requests.length >= 7, 30_000)).toBe(true);
    await sleep(500); // room for any claim that would pass a cap
    const held = byPath(silent);
    const busyPaths = Object.entries(held).filter(([p]) => p.startsWith('/busy/'));
    expect(busyPaths.reduce((a, [, n]) => a + n, 0)).toBe(5);
    expect(busyPaths.every(([, n]) => n <= 2)).toBe(true);
    expect(held['/other']).toBe(2);
    expect(silent.requests.length).toBe(7);
  });
});
