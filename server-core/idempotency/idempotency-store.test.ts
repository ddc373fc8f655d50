import { expect, it } from 'vitest';
import { HOUR, SECOND } from '../lib/clock';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import {
  ABANDONED_AFTER_MS,
  claimIdempotencyKey,
  completeIdempotencyKey,
  IDEMPOTENCY_TTL_MS,
  releaseIdempotencyKey,
} from './idempotency-store';

describeDb('idempotency store', (getDb) => {
  it('one of many concurrent claims wins; the rest see in_progress, then the replay', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ref = { workspaceId: ws.id, scope: 'api_key:x', key: 'k1' };
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimIdempotencyKey(db, ref, 'hash-a', now)),
    );
    expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'in_progress')).toHaveLength(7);
    await completeIdempotencyKey(db, ref, {
      status: 201,
      body: '{"ok":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await claimIdempotencyKey(db, ref, 'hash-a', now)).toEqual({
      kind: 'replay',
      response: { status: 201, body: '{"ok":1}', headers: { 'content-type': 'application/json' } },
    });
    expect(await claimIdempotencyKey(db, ref, 'hash-b', now)).toEqual({ kind: 'mismatch' });
  });

  it('keys are scoped per workspace and credential', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const other = await makeWorkspace(db);
    const now = new Date();
    expect((await claimIdempotencyKey(db, { workspaceId: ws.id, scope: 'a', key: 'k' }, 'h', now)).kind).toBe(
      'claimed',
    );
    expect((await claimIdempotencyKey(db, { workspaceId: ws.id, scope: 'b', key: 'k' }, 'h', now)).kind).toBe(
      'claimed',
    );
    expect(
      (await claimIdempotencyKey(db, { workspaceId: other.id, scope: 'a', key: 'k' }, 'h', now)).kind,
    ).toBe('claimed');
  });

  it('a released key can be claimed again; an abandoned claim is taken over; an expired answer is forgotten', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const now = new Date();
    const ref = { workspaceId: ws.id, scope: 's', key: 'r' };
    await claimIdempotencyKey(db, ref, 'h', now);
    await releaseIdempotencyKey(db, ref);
    expect((await claimIdempotencyKey(db, ref, 'h', now)).kind).toBe('claimed');
    expect(
      (await claimIdempotencyKey(db, ref, 'h', new Date(now.getTime() + ABANDONED_AFTER_MS - SECOND))).kind,
    ).toBe('in_progress');
    expect(
      (await claimIdempotencyKey(db, ref, 'h', new Date(now.getTime() + ABANDONED_AFTER_MS + SECOND))).kind,
    ).toBe('claimed');

    const ref2 = { workspaceId: ws.id, scope: 's', key: 'e' };
    await claimIdempotencyKey(db, ref2, 'h', now);
    await completeIdempotencyKey(db, ref2, { status: 200, body: 'x', headers: {} });
    expect(
      (await claimIdempotencyKey(db, ref2, 'other', new Date(now.getTime() + IDEMPOTENCY_TTL_MS - HOUR)))
        .kind,
    ).toBe('mismatch');
    expect(
      (await claimIdempotencyKey(db, ref2, 'other', new Date(now.getTime() + IDEMPOTENCY_TTL_MS))).kind,
    ).toBe('claimed');
  });
});
