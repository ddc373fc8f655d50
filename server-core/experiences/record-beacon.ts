import type { Ctx } from '../context';
import { MINUTE } from '../lib/clock';
import { notFound } from '../lib/errors';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';

export const BEACON_KINDS = ['launcher.shown', 'banner.shown', 'banner.clicked'] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];

/** The server throttle of analytics beacons per visitor. */
export const BEACONS_PER_MINUTE = 120;

const TYPE_OF: Record<BeaconKind, string> = {
  'launcher.shown': 'launcher',
  'banner.shown': 'banner',
  'banner.clicked': 'banner',
};

/**
 * widgetBeacon (docs/decisions/experiences.md, Part 2): one consent-gated analytics beacon counted for its
 * experience and UTC day in experience_daily_stats (an upsert increment); no webhook, nothing per person.
 * The experience must be a published one of the kind's type and the version one of its published ones
 * (else 404); more than 120 a minute per visitor: rate_limited.
 */
export async function recordBeacon(
  ctx: Ctx,
  limiter: RateLimiter,
  visitorId: string,
  input: { kind: BeaconKind; experienceId: string; versionId: string },
): Promise<void> {
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `beacons:${visitorId}`,
      rule: { limit: BEACONS_PER_MINUTE, windowMs: MINUTE },
    },
  ]);
  if (!decision.allowed)
    throw rateLimited(decision, `At most ${BEACONS_PER_MINUTE} beacons a minute per visitor.`);
  const now = ctx.clock.now();
  const counted = await ctx.db.query(
    `insert into experience_daily_stats (workspace_id, experience_id, day, kind, count)
     select e.workspace_id, e.id, ($5::timestamptz at time zone 'UTC')::date, $4, 1
     from experiences e
     where e.workspace_id = $1 and e.id = $2 and e.status = 'published' and e.type = $6
       and exists (select 1 from experience_versions v where v.workspace_id = e.workspace_id
         and v.experience_id = e.id and v.id = $3 and v.published_at is not null)
     on conflict (workspace_id, experience_id, day, kind) do update set count = experience_daily_stats.count + 1
     returning count`,
    [ctx.workspaceId, input.experienceId, input.versionId, input.kind, now, TYPE_OF[input.kind]],
  );
  if (counted.length === 0) throw notFound('published experience');
}
