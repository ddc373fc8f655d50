import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import { notifyWidgets } from '../realtime/notify-widgets';
import { readDefinition } from './authored-experience';
import { type ExperienceType, SESSIONED_TYPES } from './experience';
import {
  loadOwnSession,
  type Person,
  personMatch,
  programItems,
  type Session,
  type SessionTrigger,
  sessionOf,
} from './session';

/** The end reason of a tour or survey session replaced by a new one of the same person. */
export const RESTARTED_END_REASON = 'restarted';

/**
 * Opens a session on the live version of a published tour, program or survey (another version, an
 * unpublished or foreign experience: 404; a session-less type: 409 not_sessioned); experience.started
 * goes out. A program the person already has an active or completed session of answers that session
 * (`created` false). A tour or survey ends the person's other active session of the same experience
 * (end reason `restarted`, the widgets told), so a person runs one at a time.
 */
export async function openSession(
  ctx: Ctx,
  person: Person,
  input: { versionId: string; url?: string | null; trigger: SessionTrigger },
  /** Runs in the transaction before a session is written (the widget stores its visitor there). */
  beforeWrite?: (tx: Ctx) => Promise<unknown>,
): Promise<{ session: Session; created: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const [v] = await db.query<{
      experience_id: string;
      type: ExperienceType;
      status: string;
      live_version_id: string | null;
      definition: unknown;
    }>(
      `select e.id as experience_id, e.type, e.status, e.live_version_id, v.definition
       from experience_versions v join experiences e on e.workspace_id = v.workspace_id and e.id = v.experience_id
       where v.workspace_id = $1 and v.id = $2`,
      [ctx.workspaceId, input.versionId],
    );
    if (v?.status !== 'published' || v.live_version_id !== input.versionId)
      throw notFound('published version');
    if (!SESSIONED_TYPES.includes(v.type))
      throw new DomainError('not_sessioned', {}, `A ${v.type} has no sessions.`);
    // One opening at a time per person and experience: two tabs opening a program get one session.
    await db.query(
      "select pg_advisory_xact_lock(hashtext('experience-session:' || $1 || ':' || $2 || ':' || $3))",
      [ctx.workspaceId, v.experience_id, person.contactId ?? person.visitorId ?? ''],
    );
    const mine = (states: string) =>
      db.query<{ id: string; version_id: string; end_reason: string | null }>(
        `select s.id, s.version_id, s.end_reason from experience_sessions s
         where s.workspace_id = $1 and s.experience_id = $2 and s.state = any($3::text[]) and ${personMatch('$4', '$5')}
         order by s.id desc`,
        [ctx.workspaceId, v.experience_id, states.split(','), person.visitorId, person.contactId],
      );
    await beforeWrite?.({ ...ctx, db });
    if (v.type === 'program') {
      const [existing] = await mine('active,completed');
      if (existing) {
        const s = await loadOwnSession(db, ctx.workspaceId, person, {
          versionId: existing.version_id,
          sessionId: existing.id,
        });
        return { session: sessionOf(s), created: false };
      }
    } else {
      for (const old of await mine('active')) {
        await db.query(
          `update experience_sessions set state = 'ended', end_reason = $3, ended_at = $4, updated_at = $4
           where workspace_id = $1 and id = $2`,
          [ctx.workspaceId, old.id, RESTARTED_END_REASON, now],
        );
        await notifyWidgets(
          db,
          { workspaceId: ctx.workspaceId, visitorId: person.visitorId, contactId: person.contactId },
          { type: 'session.ended', session_id: old.id, end_reason: RESTARTED_END_REASON },
        );
      }
    }
    const itemsTotal = v.type === 'program' ? programItems(readDefinition(v.type, v.definition)).length : 0;
    const id = newId(now);
    await db.query(
      `insert into experience_sessions (workspace_id, id, experience_id, version_id, contact_id, widget_visitor_id, state,
         items_total, last_url, trigger, started_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $10, $10)`,
      [
        ctx.workspaceId,
        id,
        v.experience_id,
        input.versionId,
        person.contactId,
        person.visitorId,
        itemsTotal,
        input.url ?? null,
        input.trigger,
        now,
      ],
    );
    await emitEvent({ ...ctx, db }, 'experience.started', {
      experience_id: v.experience_id,
      type: v.type,
      version_id: input.versionId,
      session_id: id,
      trigger: input.trigger,
      contact_id: person.contactId,
      widget_visitor_id: person.visitorId,
      started_at: now.toISOString(),
    });
    const s = await loadOwnSession(db, ctx.workspaceId, person, {
      versionId: input.versionId,
      sessionId: id,
    });
    return { session: sessionOf(s), created: true };
  });
}
