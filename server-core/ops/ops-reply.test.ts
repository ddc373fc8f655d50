import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { getPortalConversation } from '../conversations/get-portal-conversation';
import { startConversation } from '../conversations/start-conversation';
import { manualClock } from '../lib/clock';
import { login } from '../members/login';
import { createRateLimiter } from '../ratelimit/rate-limiter';
import { DEMO_STAFF_NAME, seedDemoWorkspace } from '../setup/demo-seed';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { issueVisitor } from '../widget/visitors';
import { runOpsCommand } from './ops-commands';

describeDb('the demo staff member and `npm run ops -- reply`', (getDb) => {
  it('the demo has a member-role login; ops reply answers a visitor as that member', async () => {
    const db = getDb();
    const clock = manualClock();
    const demo = (await seedDemoWorkspace(db, clock.now()))!;
    const signedIn = await login(db, {
      email: demo.staffEmail,
      password: demo.staffPassword,
      ip: '127.0.0.1',
      now: clock.now(),
    });
    const [m] = await db.query<{ role: string }>(
      'select role from memberships where workspace_id = $1 and user_id = $2',
      [demo.workspaceId, signedIn.user.id],
    );
    expect(m!.role).toBe('member');

    const ctx = testCtx(db, demo.workspaceId, clock);
    const visitor = issueVisitor(
      randomBytes(32),
      { id: demo.workspaceId, websiteId: demo.websiteId },
      clock.now(),
    ).visitor;
    const conv = await startConversation(ctx, createRateLimiter({ db, clock, flushMs: 0 }), visitor, {
      body: 'Hi!',
    });
    const result = await runOpsCommand(db, clock, {
      command: 'reply',
      workspaceId: demo.workspaceId,
      conversationId: conv.id.toUpperCase(),
      text: 'Hello from staff',
    });
    expect(result).toMatchObject({
      workspaceId: demo.workspaceId,
      conversationId: conv.id,
      author: DEMO_STAFF_NAME,
    });
    const read = await getPortalConversation(ctx, conv.id);
    expect(read.messages.at(-1)).toMatchObject({
      direction: 'out',
      author_type: 'agent',
      author_id: signedIn.user.id,
      body: 'Hello from staff',
    });

    // Another workspace's conversation, or no such id, is not found.
    const other = await makeWorkspace(db);
    for (const [workspaceId, conversationId] of [
      [other.id, conv.id],
      [demo.workspaceId, 'not-an-id'],
    ]) {
      await expect(
        runOpsCommand(db, clock, {
          command: 'reply',
          workspaceId: workspaceId!,
          conversationId: conversationId!,
          text: 'x',
        }),
      ).rejects.toMatchObject({ code: 'not_found' });
    }
  });
});
