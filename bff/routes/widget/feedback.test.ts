import { expect, it } from 'vitest';
import { testCtx } from '../../../server-core/testing/ctx';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { insertArticle } from '../../../server-core/testing/help-articles';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { dispatchEvents } from '../../../server-core/webhooks/dispatch-events';
import { FEEDBACK_PER_MINUTE } from '../../../server-core/widget/article-feedback';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { json, makeTestApp, signIn } from '../../testing/services';

describeDb('widget article feedback (widgetArticleFeedback)', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const visitor = async (websiteId = ws.website_id) => {
      const res = await t.app.request(`/widget/boot?website_id=${websiteId}`);
      return ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
    };
    const vote = (token: string, articleId: string, body: unknown) =>
      t.app.request(`/widget/articles/${articleId}/feedback`, {
        method: 'POST',
        ...json(body, { Authorization: `Bearer ${token}` }),
      });
    const events = () =>
      db.query<{ type: string; data: Record<string, unknown> }>(
        "select type, data from outbox where workspace_id = $1 and type = 'article.feedback_submitted' order by id",
        [ws.id],
      );
    return { db, t, ws, visitor, vote, events };
  };

  it('one vote per visitor and article, changeable; each new or changed vote is one allowlisted event', async () => {
    const { db, t, ws, visitor, vote, events } = await setup();
    const endpoint = await createWebhookEndpoint(
      testCtx(db, ws.id, t.clock),
      { box: t.services.box, policy: { allowHosts: [] } },
      { url: 'https://hooks.example.com/in', events: ['article.feedback_submitted'] },
    );
    const articleId = await insertArticle(db, ws.id, { slug: 'reset', title: 'Reset', body: 'Body.' });
    const ada = await visitor();
    const bob = await visitor();
    const storedVisitors = async () =>
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from widget_visitors where workspace_id = $1',
          [ws.id],
        )
      )[0]!.n;
    expect(await storedVisitors()).toBe(0); // anonymous boots store nothing

    const first = await vote(ada, articleId.toUpperCase(), { helpful: true });
    expect(first.status).toBe(200);
    expect(await storedVisitors()).toBe(1); // a vote is a write: the visitor is stored with it
    expect(((await first.json()) as { data: unknown }).data).toEqual({
      article_id: articleId,
      helpful: true,
      submitted_at: t.clock.now().toISOString(),
    });
    expect((await vote(ada, articleId, { helpful: true })).status).toBe(200); // the same vote again
    t.clock.advance(60_000);
    const changed = await vote(ada, articleId, { helpful: false });
    expect(((await changed.json()) as { data: { helpful: boolean } }).data.helpful).toBe(false);
    await vote(bob, articleId, { helpful: true });

    const rows = await db.query<{ visitor_id: string; helpful: boolean }>(
      'select visitor_id, helpful from article_feedback where workspace_id = $1 order by helpful',
      [ws.id],
    );
    expect(rows.map((r) => r.helpful)).toEqual([false, true]);
    const emitted = await events();
    expect(emitted.map((e) => e.data.helpful)).toEqual([true, false, true]);
    for (const e of emitted) {
      expect(Object.keys(e.data).sort()).toEqual(['article_id', 'contact_id', 'helpful', 'submitted_at']);
      expect(e.data).toMatchObject({ article_id: articleId, contact_id: null });
    }

    // Through the dispatcher: nothing outside the catalog's allowlist, and no body text or visitor id.
    const dispatched = await dispatchEvents(db, t.clock.now());
    expect(dispatched.dropped).toEqual([]);
    const deliveries = await db.query<{ body: string }>(
      'select body from webhook_deliveries where workspace_id = $1 and endpoint_id = $2 order by created_at, id',
      [ws.id, endpoint.endpoint.id],
    );
    expect(deliveries).toHaveLength(3);
    const data = (JSON.parse(deliveries[0]!.body) as { data: Record<string, unknown> }).data;
    expect(data).toEqual({
      article_id: articleId,
      contact_id: null,
      helpful: true,
      submitted_at: expect.any(String),
    });
    expect(deliveries.map((d) => d.body).join()).not.toContain('Body.');
  });

  it("a verified visitor's vote names its contact", async () => {
    const { db, t, ws, visitor, vote, events } = await setup();
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const rotated = await t.app.request(`/api/v1/workspaces/${ws.id}/widget/identity-secret/rotate`, {
      method: 'POST',
      headers: s.headers,
    });
    const secret = ((await rotated.json()) as { data: { secret: string } }).data.secret;
    const token = await visitor();
    await t.app.request('/widget/identify', {
      method: 'POST',
      ...json(
        { email: 'ada@example.com', hmac: identityHmac(secret, 'ada@example.com') },
        { Authorization: `Bearer ${token}` },
      ),
    });
    const [contact] = await db.query<{ id: string }>('select id from contacts where workspace_id = $1', [
      ws.id,
    ]);
    const members = await insertArticle(db, ws.id, {
      slug: 'members',
      title: 'Members',
      body: 'x',
      access_level: 'authenticated',
    });
    expect((await vote(token, members, { helpful: true })).status).toBe(200);
    expect((await events())[0]!.data.contact_id).toBe(contact!.id);
  });

  it('404 for an article the visitor may not read; 401 without a visitor; 422 for a bad body; 429 past the limit', async () => {
    const { db, ws, visitor, vote, events } = await setup();
    const other = await makeWorkspace(db);
    const token = await visitor();
    const hidden = [
      await insertArticle(db, ws.id, {
        slug: 'members',
        title: 'M',
        body: 'x',
        access_level: 'authenticated',
      }),
      await insertArticle(db, ws.id, { slug: 'staff', title: 'S', body: 'x', access_level: 'internal' }),
      await insertArticle(db, ws.id, { slug: 'draft', title: 'D', body: 'x', status: 'draft' }),
      await insertArticle(db, other.id, { slug: 'foreign', title: 'F', body: 'x' }),
      '01jd2m7r3x8k9q4w5e6t7y8v9a',
    ];
    for (const id of hidden) expect((await vote(token, id, { helpful: true })).status, id).toBe(404);
    expect((await vote(token, 'not-an-id', { helpful: true })).status).toBe(404);
    const open = await insertArticle(db, ws.id, { slug: 'open', title: 'O', body: 'x' });
    // A foreign workspace's visitor cannot vote on this workspace's article.
    expect((await vote(await visitor(other.website_id), open, { helpful: true })).status).toBe(404);
    expect((await vote('wvt_nope', open, { helpful: true })).status).toBe(401);
    for (const body of [{}, { helpful: 'yes' }, { helpful: null }]) {
      expect((await vote(token, open, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await events()).toEqual([]);

    // The votes on hidden articles counted too (the limit is checked first); schema refusals did not.
    for (let i = hidden.length; i < FEEDBACK_PER_MINUTE; i++) {
      expect((await vote(token, open, { helpful: i % 2 === 0 })).status).toBe(200);
    }
    const limited = await vote(token, open, { helpful: true });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).not.toBeNull();
  });
});
