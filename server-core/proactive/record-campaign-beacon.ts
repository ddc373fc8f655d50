import type { Ctx } from '../context';
import { MINUTE } from '../lib/clock';
import { notFound } from '../lib/errors';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Visitor } from '../widget/visitors';

export const CAMPAIGN_BEACON_KINDS = ['campaign.shown', 'campaign.clicked'] as const;
export type CampaignBeaconKind = (typeof CAMPAIGN_BEACON_KINDS)[number];
const BEACONS_PER_MINUTE = 120;

/**
 * widgetCampaignBeacon: a consent-gated analytics beacon (the widget sends it only after
 * Widget.consent(true)), counted per campaign and UTC day; nothing per person. Only for a campaign
 * delivered to the visitor's contact (else not_found), so counts cannot be inflated by strangers.
 */
export async function recordCampaignBeacon(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { kind: CampaignBeaconKind; campaignId: string },
): Promise<void> {
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `beacons:${visitor.id}`,
      rule: { limit: BEACONS_PER_MINUTE, windowMs: MINUTE },
    },
  ]);
  if (!decision.allowed)
    throw rateLimited(decision, `At most ${BEACONS_PER_MINUTE} beacons a minute per visitor.`);
  const counted = await ctx.db.query(
    `insert into proactive_daily_stats (workspace_id, message_id, day, kind, count)
     select d.workspace_id, d.campaign_id, ($4::timestamptz at time zone 'UTC')::date, $3, 1
     from campaign_deliveries d where d.workspace_id = $1 and d.campaign_id = $2 and d.contact_id = $5
     on conflict (workspace_id, message_id, day, kind) do update set count = proactive_daily_stats.count + 1
     returning count`,
    [ctx.workspaceId, input.campaignId, input.kind, ctx.clock.now(), visitor.contactId],
  );
  if (counted.length === 0) throw notFound('delivered campaign');
}
