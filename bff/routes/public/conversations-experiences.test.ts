import { expect, it } from 'vitest';
import { upsertContact } from '../../../server-core/contacts/upsert-contact';
import {
  appendMessage,
  createConversation,
  resolveConversation,
} from '../../../server-core/conversations/write-conversations';
import { createExperience } from '../../../server-core/experiences/create-experience';
import { openSession } from '../../../server-core/experiences/open-session';
import { publishExperience } from '../../../server-core/experiences/publish-experience';
import { updateSession } from '../../../server-core/experiences/update-session';
import { recordSeen } from '../../../server-core/experiences/write-experiences';
import { setFlag } from '../../../server-core/flags/flags';
import { describeDb } from '../../../server-core/testing/db';
import { bannerDraft, tourDraft, tourStep } from '../../../server-core/testing/experience-drafts';
import { apiWorkspace } from '../../testing/api';
import { makeTestApp } from '../../testing/services';

describeDb('public API: conversations and experiences', (getDb) => {
  const setup = async () => {
    const t = makeTestApp(getDb());
    const ws = await apiWorkspace(t, getDb());
    const contact = (await upsertContact(ws.ctx, { email: 'ann@example.com', name: 'Ann' })).contact;
    return { t, ws, contact };
  };

  it('conversation detail: messages oldest first, notes excluded, message_limit keeps the latest', async () => {
    const { t, ws, contact } = await setup();
    const conv = await createConversation(ws.ctx, {
      contactId: contact.id,
      channel: 'widget',
      subject: 'Billing',
    });
    const bodies = ['hello', 'internal: VIP', 'hi Ann', 'thanks'];
    for (const [i, body] of bodies.entries()) {
      t.clock.advance(1000);
      await appendMessage(ws.ctx, {
        conversationId: conv.id,
        direction: i === 1 ? 'note' : i % 2 === 0 ? 'in' : 'out',
        authorType: i % 2 === 0 ? 'contact' : 'agent',
        body,
      });
    }
    const full = (await (await ws.call(`/api/v1/conversations/${conv.id}`)).json()) as {
      data: { messages: { body: string; direction: string }[]; subject: string };
    };
    expect(full.data.subject).toBe('Billing');
    expect(full.data.messages.map((m) => m.body)).toEqual(['hello', 'hi Ann', 'thanks']);
    expect(JSON.stringify(full)).not.toContain('VIP');
    const two = (await (await ws.call(`/api/v1/conversations/${conv.id}?message_limit=2`)).json()) as {
      data: { messages: { body: string }[] };
    };
    expect(two.data.messages.map((m) => m.body)).toEqual(['hi Ann', 'thanks']);
    for (const q of ['message_limit=0', 'message_limit=201'])
      expect((await ws.call(`/api/v1/conversations/${conv.id}?${q}`)).status).toBe(422);
  });

  it('lists conversations newest first with state, channel and contact filters', async () => {
    const { t, ws, contact } = await setup();
    const other = (await upsertContact(ws.ctx, { email: 'bo@example.com' })).contact;
    const a = await createConversation(ws.ctx, { contactId: contact.id, channel: 'widget' });
    t.clock.advance(1000);
    const b = await createConversation(ws.ctx, {
      contactId: other.id,
      channel: 'email',
      kind: 'ticket',
      priority: 'high',
    });
    await resolveConversation(ws.ctx, a.id);
    const ids = async (q: string) =>
      ((await (await ws.call(`/api/v1/conversations${q}`)).json()) as { data: { id: string }[] }).data.map(
        (c) => c.id,
      );
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('?state=resolved')).toEqual([a.id]);
    expect(await ids('?channel=email')).toEqual([b.id]);
    expect(await ids(`?contact_id=${other.id.toUpperCase()}`)).toEqual([b.id]);
    expect((await ws.call('/api/v1/conversations?state=closed')).status).toBe(422);
    const ticket = (
      (await (await ws.call(`/api/v1/conversations/${b.id}`)).json()) as { data: Record<string, unknown> }
    ).data;
    expect(ticket).toMatchObject({
      kind: 'ticket',
      priority: 'high',
      state: 'open',
      reference: expect.stringMatching(/^T-/),
    });
    const outbox = await ws.ctx.db.query<{ type: string }>(
      'select type from outbox where workspace_id = $1 order by id',
      [ws.workspaceId],
    );
    expect(outbox.map((o) => o.type)).toEqual([
      'contact.created',
      'contact.created',
      'conversation.created',
      'conversation.created',
      'conversation.resolved',
    ]);
    await resolveConversation(ws.ctx, a.id);
    expect(
      (
        await ws.ctx.db.query(
          `select 1 from outbox where workspace_id = $1 and type = 'conversation.resolved'`,
          [ws.workspaceId],
        )
      ).length,
    ).toBe(1);
  });

  it('experiences: list with data before meta, get, progress rows for sessions and seen markers, and the ledger', async () => {
    const { t, ws, contact } = await setup();
    const tour = await createExperience(ws.ctx, {
      type: 'tour',
      name: 'Welcome tour',
      slug: 'welcome',
      draft: tourDraft([tourStep('One', { id: 's1' }), tourStep('Two', { id: 's2' })], { feedback: true }),
    });
    const banner = await createExperience(ws.ctx, {
      type: 'banner',
      name: 'Sale',
      slug: 'sale',
      draft: bannerDraft(),
    });
    const draft = await createExperience(ws.ctx, { type: 'survey', name: 'NPS', slug: 'nps' });
    const liveTour = await publishExperience(ws.ctx, tour.id);
    await publishExperience(ws.ctx, banner.id);
    const versionId = liveTour.live_version_id!;
    const ann = { visitorId: null, contactId: contact.id };

    const list = (await (await ws.call('/api/v1/experiences')).json()) as Record<string, unknown> & {
      data: { id: string; status: string }[];
    };
    expect(Object.keys(list)).toEqual(['data', 'meta']);
    expect(list.data.map((e) => e.id)).toEqual([draft.id, banner.id, tour.id]);
    const published = (await (await ws.call('/api/v1/experiences?status=published&type=tour')).json()) as {
      data: { id: string; live_version_id: string }[];
    };
    expect(published.data).toEqual([
      expect.objectContaining({ id: tour.id, live_version_id: liveTour.live_version_id }),
    ]);

    const s1 = (
      await openSession(ws.ctx, ann, { versionId, url: 'https://app.example.com/', trigger: 'auto' })
    ).session.id;
    await updateSession(ws.ctx, ann, { versionId, sessionId: s1, stepId: 's1' });
    t.clock.advance(1000);
    await updateSession(ws.ctx, ann, {
      versionId,
      sessionId: s1,
      end: 'completed',
      feedback: { rating: 4, comment: 'Clear, but the second step came too fast.' },
    });
    t.clock.advance(1000);
    const s2 = (
      await openSession(ws.ctx, { visitorId: 'v-anon', contactId: null }, { versionId, trigger: 'start' })
    ).session.id;
    await recordSeen(ws.ctx, { experienceId: banner.id, contactId: contact.id });
    await recordSeen(ws.ctx, { experienceId: banner.id, contactId: contact.id, dismissed: true });

    const progress = (await (await ws.call(`/api/v1/experiences/${tour.id}/progress`)).json()) as Record<
      string,
      unknown
    > & { data: Record<string, unknown>[] };
    expect(Object.keys(progress)).toEqual(['data', 'meta']);
    expect(progress.data.map((r) => [r.session_id, r.state])).toEqual([
      [s2, 'active'],
      [s1, 'completed'],
    ]);
    expect(progress.data[1]).toMatchObject({
      contact_id: contact.id,
      contact_name: 'Ann',
      contact_email: 'ann@example.com',
      progress: 1,
      end_reason: 'completed',
      version_id: liveTour.live_version_id,
      current_step_cvid: 's1',
      // The end-of-tour answer, comment included (webhooks carry the rating only).
      feedback_rating: 4,
      feedback_comment: 'Clear, but the second step came too fast.',
    });
    expect(progress.data[0]).toMatchObject({ feedback_rating: null, feedback_comment: null });
    expect(Object.keys(progress.data[1]!).sort()).toEqual(
      [
        'contact_email',
        'contact_id',
        'contact_name',
        'current_step_cvid',
        'end_reason',
        'ended_at',
        'feedback_comment',
        'feedback_rating',
        'items_done',
        'items_total',
        'last_url',
        'progress',
        'session_id',
        'started_at',
        'state',
        'version_id',
        'widget_visitor_id',
      ].sort(),
    );
    const completedOnly = (await (
      await ws.call(`/api/v1/experiences/${tour.id}/progress?state=completed&contact_id=${contact.id}`)
    ).json()) as { data: unknown[] };
    expect(completedOnly.data).toHaveLength(1);
    const bannerRows = (await (await ws.call(`/api/v1/experiences/${banner.id}/progress`)).json()) as {
      data: Record<string, unknown>[];
    };
    expect(bannerRows.data).toEqual([
      expect.objectContaining({
        state: 'ended',
        end_reason: 'dismissed',
        version_id: null,
        feedback_rating: null,
        feedback_comment: null,
      }),
    ]);
    expect((await ws.call(`/api/v1/experiences/${tour.id}/progress?limit=201`)).status).toBe(422);

    const ledger = (await (await ws.call(`/api/v1/contacts/${contact.id}/experiences`)).json()) as {
      data: Record<string, unknown>[];
    };
    expect(ledger.data.map((e) => [e.slug, e.state])).toEqual([
      ['sale', 'dismissed'],
      ['welcome', 'completed'],
    ]);
    // active outranks completed
    await openSession(ws.ctx, ann, { versionId, trigger: 'start' });
    const again = (await (await ws.call(`/api/v1/contacts/${contact.id}/experiences`)).json()) as {
      data: Record<string, unknown>[];
    };
    expect(again.data.find((e) => e.slug === 'welcome')!.state).toBe('active');

    const events = await ws.ctx.db.query<{ type: string }>(
      `select type from outbox where workspace_id = $1 and type like 'experience.%' order by id`,
      [ws.workspaceId],
    );
    expect(events.map((e) => e.type)).toEqual([
      'experience.published',
      'experience.published',
      'experience.started',
      'experience.completed',
      'experience.started',
      'experience.started',
    ]);
  });

  it('experience operations are dark while feature.experiences.core is off, and need experiences:read', async () => {
    const { ws, contact } = await setup();
    const e = await createExperience(ws.ctx, { type: 'tour', name: 'T', slug: 't' });
    const noAbility = await ws.keyWith('contacts:read');
    expect((await ws.call('/api/v1/experiences', { key: noAbility })).status).toBe(403);
    expect((await ws.call(`/api/v1/contacts/${contact.id}/experiences`, { key: noAbility })).status).toBe(
      403,
    );
    await setFlag(ws.ctx.db, ws.workspaceId, 'feature.experiences.core', false, new Date());
    for (const path of [
      '/api/v1/experiences',
      `/api/v1/experiences/${e.id}`,
      `/api/v1/experiences/${e.id}/progress`,
      `/api/v1/contacts/${contact.id}/experiences`,
    ]) {
      await expect.poll(async () => (await ws.call(path)).status, { timeout: 5000 }).toBe(404);
    }
    expect((await ws.call('/api/v1/conversations')).status).toBe(200);
  });
});
