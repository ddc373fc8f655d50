import type { Ctx } from '../context';
import { appendMessage } from '../conversations/visitor-conversation';
import { DAY } from '../lib/clock';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import { storeVisitor, type Visitor } from '../widget/visitors';

/** At most one campaign interruption per contact in this window (rolling, not a calendar day). */
export const CAMPAIGN_CAP_MS = DAY;

/** Why a matching campaign waits (it is deferred, never dropped: the next presence report asks again). */
export type CampaignHold = 'trigger_message' | 'live_conversation' | 'daily_cap';

export interface CampaignOffer {
  campaign_id: string;
  body: string;
  conversation_id: string;
  message_id: string;
}

export interface PresenceAnswer {
  campaign: CampaignOffer | null;
  held: CampaignHold | null;
}

const NOTHING: PresenceAnswer = { campaign: null, held: null };

/**
 * widgetReportPresence: the visitor's contact is present (boot, user.set); the server decides whether a
 * campaign goes to it now. At most one per answer; none for an anonymous visitor; held (and asked again
 * at the next report) while a trigger message just fired on the page, while a support conversation of
 * the contact or the visitor is live, or within a day of the contact's last campaign. A delivery is a
 * claim row per (campaign, contact) written in the transaction that writes the message into a new
 * conversation of channel `campaign`, under a lock on the contact row: two tabs, browsers or devices
 * racing get one delivery between them, and a claimed campaign is never offered again.
 */
export async function claimCampaign(
  ctx: Ctx,
  visitor: Visitor,
  input: { triggerJustFired: boolean },
): Promise<PresenceAnswer> {
  const contactId = visitor.contactId;
  if (!contactId) return NOTHING;
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const inTx = { ...ctx, db };
    const [contact] = await db.query<{ id: string }>(
      'select id from contacts where workspace_id = $1 and id = $2 for update',
      [ctx.workspaceId, contactId],
    );
    if (!contact) return NOTHING;
    const [campaign] = await db.query<{ id: string; body: string }>(
      `select m.id, m.body from proactive_messages m, contacts c
       where m.workspace_id = $1 and m.kind = 'campaign' and m.status = 'published'
         and c.workspace_id = $1 and c.id = $2
         and (m.audience->>'email_domain' is null
              or lower(c.email) like '%@' || lower(m.audience->>'email_domain'))
         and (m.audience->'attributes' is null or c.attributes @> (m.audience->'attributes'))
         and not exists (select 1 from campaign_deliveries d
           where d.workspace_id = $1 and d.campaign_id = m.id and d.contact_id = $2)
       order by m.published_at, m.id limit 1`,
      [ctx.workspaceId, contactId],
    );
    if (!campaign) return NOTHING;
    if (input.triggerJustFired) return { campaign: null, held: 'trigger_message' };
    const [live] = await db.query(
      `select 1 from conversations v
       where v.workspace_id = $1 and (v.contact_id = $2 or v.widget_visitor_id = $3)
         and v.state <> 'resolved' and v.quarantined_at is null
         and (v.channel <> 'campaign' or exists (select 1 from conversation_messages m
           where m.workspace_id = $1 and m.conversation_id = v.id and m.direction = 'in'))
       limit 1`,
      [ctx.workspaceId, contactId, visitor.id],
    );
    if (live) return { campaign: null, held: 'live_conversation' };
    const [recent] = await db.query(
      `select 1 from campaign_deliveries where workspace_id = $1 and contact_id = $2 and delivered_at > $3 limit 1`,
      [ctx.workspaceId, contactId, new Date(now.getTime() - CAMPAIGN_CAP_MS)],
    );
    if (recent) return { campaign: null, held: 'daily_cap' };

    await storeVisitor(inTx, visitor);
    const conversationId = newId(now);
    await db.query(
      `insert into conversations (workspace_id, id, contact_id, widget_visitor_id, channel, state, kind, created_at, updated_at)
       values ($1, $2, $3, $4, 'campaign', 'open', 'conversation', $5, $5)`,
      [ctx.workspaceId, conversationId, contactId, visitor.id, now],
    );
    await db.query(
      `insert into campaign_deliveries (workspace_id, campaign_id, contact_id, conversation_id, delivered_at)
       values ($1, $2, $3, $4, $5)`,
      [ctx.workspaceId, campaign.id, contactId, conversationId, now],
    );
    await emitEvent(inTx, 'conversation.created', {
      conversation_id: conversationId,
      channel: 'campaign',
      kind: 'conversation',
      contact_id: contactId,
      created_at: now.toISOString(),
    });
    const message = await appendMessage(inTx, {
      conversationId,
      direction: 'out',
      authorType: 'system',
      authorId: null,
      kind: 'text',
      body: campaign.body,
    });
    return {
      campaign: {
        campaign_id: campaign.id,
        body: campaign.body,
        conversation_id: conversationId,
        message_id: message.id,
      },
      held: null,
    };
  });
}
