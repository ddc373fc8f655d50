import { expect, it } from 'vitest';
import { DAY, HOUR, manualClock } from '../lib/clock';
import { newId } from '../lib/ulid';
import { createSession } from '../members/sessions';
import { describeDb } from '../testing/db';
import { makeMember, makeWorkspace } from '../testing/fixtures';
import { runHousekeeping } from './housekeeping';
import { enqueueJob } from './jobs';

describeDb('housekeeping', (getDb) => {
  it('has each domain purge what expired (sessions, sign-in attempts, finished jobs) and keeps the rest', async () => {
    const db = getDb();
    const clock = manualClock();
    const now = clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ws = await makeWorkspace(db, ago(30 * DAY));
    const user = await makeMember(db, ws.id, 'owner', ago(30 * DAY));
    await createSession(db, { userId: user.id, now: ago(13 * HOUR) }); // expired an hour ago
    const live = await createSession(db, { userId: user.id, now: ago(HOUR) });
    const email = `hk-${newId()}@example.test`;
    for (const [id, at] of [
      ['old', ago(DAY + HOUR)],
      ['recent', ago(DAY - HOUR)],
    ] as const) {
      await db.query(
        'insert into login_attempts (id, email_normalized, ip, succeeded, created_at) values ($1, $2, $3, false, $4)',
        [`${id}-${newId()}`, email, '192.0.2.1', at],
      );
    }
    const kind = `probe_${newId()}`;
    const oldJob = await enqueueJob(db, { kind }, ago(9 * DAY));
    const newJob = await enqueueJob(db, { kind }, ago(2 * DAY));
    const pendingJob = await enqueueJob(db, { kind }, ago(9 * DAY));
    await db.query(`update jobs set state = 'done', finished_at = $2 where id = $1`, [oldJob, ago(8 * DAY)]);
    await db.query(`update jobs set state = 'failed', finished_at = $2 where id = $1`, [newJob, ago(DAY)]);

    const removed = await runHousekeeping(db, now);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.login_attempts).toBeGreaterThanOrEqual(1);
    expect(removed.jobs).toBeGreaterThanOrEqual(1);
    const sessions = await db.query<{ id: string }>('select id from sessions where user_id = $1', [user.id]);
    expect(sessions.map((s) => s.id)).toEqual([live.session.id]);
    const attempts = await db.query<{ id: string }>(
      'select id from login_attempts where email_normalized = $1',
      [email],
    );
    expect(attempts.map((a) => a.id.split('-')[0])).toEqual(['recent']);
    const jobs = await db.query<{ id: string }>('select id from jobs where kind = $1 order by id', [kind]);
    expect(jobs.map((j) => j.id).sort()).toEqual([newJob, pendingJob].sort());
  });
});
