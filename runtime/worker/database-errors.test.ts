import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE } from '../../server-core/lib/clock';
import { describeDb } from '../../server-core/testing/db';
import { webhookHarness } from '../testing/webhook-harness';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';
import { runWorkerOnce } from './loop';

/**
 * A delivery whose attempt job exhausted its retries on database errors (issue 22): the database
 * refuses every record of an attempt (a real error, raised by a trigger on webhook_attempts for this
 * workspace only). The job's three runs fail; the delivery then ends failed, not pending forever.
 */
describeDb('a delivery whose attempts cannot be recorded', (getDb) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('ends failed once its job has exhausted its retries, without counting toward auto-disable', async () => {
    const db = getDb();
    const h = webhookHarness(db);
    const ws = await h.workspace();
    const endpointId = await ws.register(`${receiver.url}/db-errors`);
    receiver.reply(() => ({ status: 200 }));
    await db.exec(`
      create or replace function test_refuse_attempts() returns trigger language plpgsql as $$
      begin
        if new.workspace_id = '${ws.id}' then raise exception 'simulated storage failure'; end if;
        return new;
      end $$;
      create trigger test_refuse_attempts before insert on webhook_attempts
        for each row execute function test_refuse_attempts();`);
    try {
      await ws.emit();
      // The job's own retries: 30 s, then 1 min; a few rounds past each.
      for (let round = 0; round < 6; round++) {
        while ((await runWorkerOnce(h.deps, 'w')) > 0);
        h.t.clock.advance(2 * MINUTE);
      }
      const jobs = await db.query<{ state: string; attempts: number }>(
        `select state, attempts from jobs where workspace_id = $1 and kind = 'webhook.attempt'`,
        [ws.id],
      );
      expect(jobs).toEqual([{ state: 'failed', attempts: 3 }]);
    } finally {
      await db.exec('drop trigger test_refuse_attempts on webhook_attempts');
    }
    const [delivery] = (await ws.log(endpointId)).deliveries;
    expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null, attempts: [] });
    const [row] = await db.query<{ last_error: string; completed_at: Date | null }>(
      'select last_error, completed_at from webhook_deliveries where workspace_id = $1',
      [ws.id],
    );
    expect(row!.last_error).toMatch(/could not be recorded/);
    expect(row!.completed_at).not.toBeNull();
    expect((await ws.endpoint(endpointId)).data.consecutive_failures).toBe(0);
  });
});
