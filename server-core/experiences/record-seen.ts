import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import type { ExperienceType } from './experience';
import type { Person } from './session';

/** The types that post seen markers (widgetRecordSeen): launchers, banners, announcements. */
export const SEEN_TYPES: readonly ExperienceType[] = ['launcher', 'banner', 'announcement'];

export interface SeenInput {
  experienceId: string;
  /** The version the decision delivered: one of the experience's published versions. */
  versionId: string;
  url: string;
  dismissed?: boolean;
}

export interface SeenMarker {
  experience_id: string;
  version_id: string;
  seen_at: Date;
  dismissed_at: Date | null;
  /** Posts of this person on this version (launchers: activations; banners: renders; announcements: reads). */
  activations: number;
  /** The person's first marker of the experience, of any version (a launcher's first_activation). */
  first: boolean;
}

interface Target {
  type: ExperienceType;
  status: string;
  version_ok: boolean;
}

interface Prior {
  any_seen: boolean;
  any_dismissed: boolean;
}

/**
 * widgetRecordSeen (docs/decisions/experiences.md, Part 2): upserts the person's marker of (version,
 * visitor). Launcher: every post is one activation and one launcher.activated (first_activation on the
 * person's first of any version). Banner: `dismissed` sets dismissed_at; banner.dismissed goes out only
 * on the person's first dismissal. Announcement: announcement.seen on the person's first marker. One post
 * at a time per person and experience (an advisory lock, like openSession), so parallel posts send each
 * once-per-person event once. A sessioned type, an unpublished or foreign id, a version that is not one of
 * its published versions: 404.
 */
export async function recordSeen(
  ctx: Ctx,
  person: Person & { visitorId: string },
  input: SeenInput,
  /** Runs in the transaction before the marker is written (the widget stores its visitor there). */
  beforeWrite?: (tx: Ctx) => Promise<unknown>,
): Promise<SeenMarker> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const [t] = await db.query<Target>(
      `select e.type, e.status, exists (
         select 1 from experience_versions v
         where v.workspace_id = e.workspace_id and v.experience_id = e.id and v.id = $3 and v.published_at is not null
       ) as version_ok
       from experiences e where e.workspace_id = $1 and e.id = $2`,
      [ctx.workspaceId, input.experienceId, input.versionId],
    );
    if (t?.status !== 'published' || !SEEN_TYPES.includes(t.type) || !t.version_ok)
      throw notFound('published experience');
    if (input.dismissed && t.type !== 'banner')
      throw new DomainError(
        'validation_failed',
        { field: 'dismissed', rule: 'banner_only' },
        'Only a banner is dismissed.',
      );
    await db.query(
      "select pg_advisory_xact_lock(hashtext('experience-seen:' || $1 || ':' || $2 || ':' || $3))",
      [ctx.workspaceId, input.experienceId, person.contactId ?? person.visitorId],
    );
    const [prior] = await db.query<Prior>(
      `select count(*) > 0 as any_seen, coalesce(bool_or(dismissed_at is not null), false) as any_dismissed
       from experience_seen
       where workspace_id = $1 and experience_id = $2 and (widget_visitor_id = $3 or contact_id = $4::text)`,
      [ctx.workspaceId, input.experienceId, person.visitorId, person.contactId],
    );
    await beforeWrite?.({ ...ctx, db });
    const dismissedAt = input.dismissed ? now : null;
    const counted = input.dismissed ? 0 : 1;
    const [row] = await db.query<Omit<SeenMarker, 'first'>>(
      `insert into experience_seen (workspace_id, id, experience_id, version_id, contact_id, widget_visitor_id, seen_at,
         dismissed_at, activations, last_url, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $7)
       on conflict (workspace_id, version_id, widget_visitor_id) where widget_visitor_id is not null do update set
         contact_id = coalesce(excluded.contact_id, experience_seen.contact_id),
         dismissed_at = coalesce(experience_seen.dismissed_at, excluded.dismissed_at),
         activations = experience_seen.activations + $9, last_url = excluded.last_url, updated_at = excluded.updated_at
       returning experience_id, version_id, seen_at, dismissed_at, activations`,
      [
        ctx.workspaceId,
        newId(now),
        input.experienceId,
        input.versionId,
        person.contactId,
        person.visitorId,
        now,
        dismissedAt,
        counted,
        input.url,
      ],
    );
    const first = !prior?.any_seen;
    const who = { contact_id: person.contactId, widget_visitor_id: person.visitorId };
    const ids = { experience_id: input.experienceId, version_id: input.versionId };
    const tx = { ...ctx, db };
    if (t.type === 'launcher') {
      await emitEvent(tx, 'launcher.activated', {
        ...ids,
        ...who,
        first_activation: first,
        activated_at: now.toISOString(),
      });
    } else if (t.type === 'banner' && input.dismissed && !prior?.any_dismissed) {
      await emitEvent(tx, 'banner.dismissed', { ...ids, ...who, dismissed_at: now.toISOString() });
    } else if (t.type === 'announcement' && first) {
      await emitEvent(tx, 'announcement.seen', { ...ids, ...who, seen_at: now.toISOString() });
    }
    return { ...row!, first };
  });
}
