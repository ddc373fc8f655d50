import { expect, it } from 'vitest';
import { setFlag } from '../../../server-core/flags/flags';
import { describeDb } from '../../../server-core/testing/db';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { makeTestApp } from '../../testing/services';
import { requireFlag } from '.';

describeDb('feature-flag guard', (getDb) => {
  it('answers the plain 404 envelope while the flag is off, and passes when on', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    t.app.get(
      '/probe/flagged',
      async (c, next) => {
        c.set('credential', { kind: 'api_key', scope: 'api_key:x', workspaceId: ws.id });
        await next();
      },
      requireFlag(t.services, 'feature.api.public_v1'),
      (c) => c.json({ ok: true }),
    );
    expect((await t.app.request('/probe/flagged')).status).toBe(200);
    await setFlag(db, ws.id, 'feature.api.public_v1', false, new Date());
    // Every node drops its cached flags when the NOTIFY arrives (asynchronously on Postgres).
    await expect
      .poll(async () => (await t.app.request('/probe/flagged')).status, { timeout: 5000 })
      .toBe(404);
    const off = await t.app.request('/probe/flagged');
    expect(await off.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'No route matches GET /probe/flagged.',
        details: { method: 'GET', path: '/probe/flagged' },
      },
    });
  });
});
