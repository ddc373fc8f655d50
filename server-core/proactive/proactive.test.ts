import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import { resolveConversation } from '../conversations/resolve-conversation';
import { appendMessage } from '../conversations/visitor-conversation';
import { DAY, HOUR } from '../lib/clock';
import { newId } from '../lib/ulid';
import { createRateLimiter } from '../ratelimit/rate-limiter';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import type { Visitor } from '../widget/visitors';
import { claimCampaign } from './claim-campaign';
import { createProactiveMessage } from './create-proactive-message';
import { listProactiveMessages, publishedTriggerMessages } from './list-proactive-messages';
import { setProactiveMessageStatus } from './publish-proactive-message';
import { recordCampaignBeacon } from './record-campaign-beacon';
import { updateProactiveMessage } from './update-proactive-message';

const visitorOf = (workspaceId: string, contactId: string | null, now: Date): Visitor => {
  const id = newId(now);
  return {
    workspaceId,
    websiteId: 'website',
    id,
    contactId,
    expiresAt: new Date(now.getTime() + DAY),
    stored: false,
    tokenHash: `hash-${id}`,
    issuedAt: now,
  };
};

describeDb('proactive messages', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const { contact } = await upsertContact(ctx, {
      email: 'ada@acme.test',
      verified: true,
      attributes: { plan: 'pro' },
    });
    const events = (type: string) =>
      db.query<{ data: Record<string, unknown> }>(
        'select data from outbox where workspace_id = $1 and type = $2 order by id',
        [ws.id, type],
      );
    const campaign = async (body: string, audience = {}) => {
      const m = await createProactiveMessage(ctx, { kind: 'campaign', name: body, body, audience });
      return setProactiveMessageStatus(ctx, m.id, 'published');
    };
    return { db, ws, ctx, contact, events, campaign };
  };

  it('authoring: a trigger needs a rule and no audience, a campaign no rules; drafts stay off the boot', async () => {
    const { ctx } = await setup();
    await expect(
      createProactiveMessage(ctx, { kind: 'trigger', name: 'Hi', body: 'Hi', rules: {} }),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'rules', rule: 'required' } });
    await expect(
      createProactiveMessage(ctx, { kind: 'campaign', name: 'C', body: 'C', rules: { scroll_percent: 50 } }),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'rules', rule: 'not_allowed' } });
    const t = await createProactiveMessage(ctx, {
      kind: 'trigger',
      name: 'Pricing help',
      body: 'Questions about pricing?',
      rules: { url: { match: 'prefix', value: '/pricing' }, time_on_page_seconds: 5 },
    });
    expect(t).toMatchObject({ status: 'draft', published_at: null, kind: 'trigger' });
    expect(await publishedTriggerMessages(ctx)).toEqual([]);
    await setProactiveMessageStatus(ctx, t.id, 'published');
    const again = await setProactiveMessageStatus(ctx, t.id, 'published');
    expect(again.published_at).not.toBeNull();
    expect(await publishedTriggerMessages(ctx)).toEqual([
      { id: t.id, body: 'Questions about pricing?', rules: t.rules },
    ]);
    const updated = await updateProactiveMessage(ctx, t.id, { body: 'Need a hand?' });
    expect(updated).toMatchObject({ body: 'Need a hand?', name: 'Pricing help', rules: t.rules });
    await expect(updateProactiveMessage(ctx, t.id, { rules: {} })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await setProactiveMessageStatus(ctx, t.id, 'draft');
    expect(await publishedTriggerMessages(ctx)).toEqual([]);
    expect((await listProactiveMessages(ctx, { limit: 10, beforeId: null })).map((m) => m.id)).toEqual([
      t.id,
    ]);
    // Another workspace does not see it.
    const other = testCtx(getDb(), (await makeWorkspace(getDb())).id);
    await expect(setProactiveMessageStatus(other, t.id, 'published')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('a campaign is claimed once per contact, written into a campaign conversation, capped a day and deferred', async () => {
    const { ctx, contact, events, campaign } = await setup();
    const first = await campaign('Welcome aboard');
    const second = await campaign('Try reports');
    const anonymous = visitorOf(ctx.workspaceId, null, ctx.clock.now());
    expect(await claimCampaign(ctx, anonymous, { triggerJustFired: false })).toEqual({
      campaign: null,
      held: null,
    });

    const tab = visitorOf(ctx.workspaceId, contact.id, ctx.clock.now());
    expect(await claimCampaign(ctx, tab, { triggerJustFired: true })).toEqual({
      campaign: null,
      held: 'trigger_message',
    });
    const got = await claimCampaign(ctx, tab, { triggerJustFired: false });
    expect(got.campaign).toMatchObject({ campaign_id: first.id, body: 'Welcome aboard' });
    const [msg] = await ctx.db.query<{ body: string; direction: string; channel: string }>(
      `select m.body, m.direction, v.channel from conversation_messages m join conversations v
         on v.workspace_id = m.workspace_id and v.id = m.conversation_id
       where m.workspace_id = $1 and m.conversation_id = $2`,
      [ctx.workspaceId, got.campaign!.conversation_id],
    );
    expect(msg).toEqual({ body: 'Welcome aboard', direction: 'out', channel: 'campaign' });

    // Another browser of the same contact, an hour later: the second campaign waits for the day to pass.
    ctx.clock.advance(HOUR);
    const otherDevice = visitorOf(ctx.workspaceId, contact.id, ctx.clock.now());
    expect(await claimCampaign(ctx, otherDevice, { triggerJustFired: false })).toEqual({
      campaign: null,
      held: 'daily_cap',
    });
    ctx.clock.advance(DAY);
    const later = await claimCampaign(ctx, otherDevice, { triggerJustFired: false });
    expect(later.campaign).toMatchObject({ campaign_id: second.id });
    ctx.clock.advance(2 * DAY);
    expect(await claimCampaign(ctx, tab, { triggerJustFired: false })).toEqual({
      campaign: null,
      held: null,
    });
    expect((await events('conversation.created')).map((e) => e.data.channel)).toEqual([
      'campaign',
      'campaign',
    ]);

    // Resolving a campaign's own thread sends no conversation.resolved; an answered one does.
    await resolveConversation(ctx, got.campaign!.conversation_id);
    expect(await events('conversation.resolved')).toEqual([]);
    await appendMessage(ctx, {
      conversationId: later.campaign!.conversation_id,
      direction: 'in',
      authorType: 'contact',
      authorId: contact.id,
      kind: 'text',
      body: 'Tell me more',
    });
    await resolveConversation(ctx, later.campaign!.conversation_id);
    expect((await events('conversation.resolved')).map((e) => e.data.conversation_id)).toEqual([
      later.campaign!.conversation_id,
    ]);
  });

  it('no campaign while a support conversation is live; audiences match on email domain and attributes', async () => {
    const { ctx, contact, campaign } = await setup();
    await campaign('For Globex only', { email_domain: 'globex.test' });
    await campaign('For free plans', { attributes: { plan: 'free' } });
    const pro = await campaign('For acme pros', { email_domain: 'ACME.test', attributes: { plan: 'pro' } });
    const visitor = visitorOf(ctx.workspaceId, contact.id, ctx.clock.now());
    const supportId = newId(ctx.clock.now());
    await ctx.db.query(
      `insert into conversations (workspace_id, id, contact_id, channel, state, kind, created_at, updated_at)
       values ($1, $2, $3, 'widget', 'open', 'conversation', $4, $4)`,
      [ctx.workspaceId, supportId, contact.id, ctx.clock.now()],
    );
    expect(await claimCampaign(ctx, visitor, { triggerJustFired: false })).toEqual({
      campaign: null,
      held: 'live_conversation',
    });
    await resolveConversation(ctx, supportId);
    const got = await claimCampaign(ctx, visitor, { triggerJustFired: false });
    expect(got.campaign?.campaign_id).toBe(pro.id);
  });

  it('racing presence reports of one contact deliver one campaign between them', async () => {
    const { ctx, contact, campaign } = await setup();
    await campaign('Only once');
    await campaign('And not stacked');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        claimCampaign(ctx, visitorOf(ctx.workspaceId, contact.id, ctx.clock.now()), {
          triggerJustFired: false,
        }),
      ),
    );
    expect(answers.filter((a) => a.campaign).length).toBe(1);
    const [n] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from campaign_deliveries where workspace_id = $1',
      [ctx.workspaceId],
    );
    expect(n!.n).toBe(1);
  });

  it('campaign beacons count only a campaign delivered to the visitor’s contact', async () => {
    const { ctx, contact, campaign } = await setup();
    const c = await campaign('Counted');
    const limiter = createRateLimiter({ db: getDb(), clock: ctx.clock });
    const visitor = visitorOf(ctx.workspaceId, contact.id, ctx.clock.now());
    await expect(
      recordCampaignBeacon(ctx, limiter, visitor, { kind: 'campaign.shown', campaignId: c.id }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await claimCampaign(ctx, visitor, { triggerJustFired: false });
    await recordCampaignBeacon(ctx, limiter, visitor, { kind: 'campaign.shown', campaignId: c.id });
    await recordCampaignBeacon(ctx, limiter, visitor, { kind: 'campaign.shown', campaignId: c.id });
    await recordCampaignBeacon(ctx, limiter, visitor, { kind: 'campaign.clicked', campaignId: c.id });
    const rows = await ctx.db.query<{ kind: string; count: number }>(
      'select kind, count from proactive_daily_stats where workspace_id = $1 order by kind',
      [ctx.workspaceId],
    );
    expect(rows).toEqual([
      { kind: 'campaign.clicked', count: 1 },
      { kind: 'campaign.shown', count: 2 },
    ]);
  });
});
