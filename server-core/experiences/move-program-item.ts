import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import { emitEvent } from '../outbox/emit-event';
import { notifyWidgets } from '../realtime/notify-widgets';
import { programProgress } from './decision/program';
import type { ProgramContent, ProgramItemState } from './definition';
import { loadOwnSession, type Person, programItems } from './session';

export interface ItemMove {
  item_id: string;
  state: ProgramItemState;
  /** Items finished: done or skipped. */
  done: number;
  total: number;
  /** done / total: 1 exactly when the program completes. */
  progress: number;
}

/**
 * Moves an item of one of the person's program sessions. Any state may go to any other except out of
 * `done`, which is final (409 program_item_done); moving to the state it has changes nothing. Reaching
 * done sends program.item_completed; when every item is done or skipped the session completes
 * (experience.completed). The person's widgets hear of each move (another tab updates). An item the
 * version does not have: 404; a session that is no longer active: 409 session_not_active.
 */
export async function moveProgramItem(
  ctx: Ctx,
  person: Person,
  input: { versionId: string; sessionId: string; itemId: string; state: ProgramItemState },
): Promise<ItemMove> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const s = await loadOwnSession(db, ctx.workspaceId, person, input, true);
    const items = s.type === 'program' ? programItems(s.definition) : [];
    const item = items.find((i) => i.id === input.itemId);
    if (!item) throw notFound('program item');
    const rows = await db.query<{ item_id: string; state: ProgramItemState }>(
      'select item_id, state from experience_session_items where workspace_id = $1 and session_id = $2',
      [ctx.workspaceId, s.id],
    );
    const states = new Map(rows.map((r) => [r.item_id, r.state]));
    const content = (s.definition.content ?? { sections: [] }) as ProgramContent;
    // The same counts as the decision's (programProgress): done and skipped items are finished.
    const answer = (): ItemMove => {
      const { done, total, progress } = programProgress(content, states);
      return { item_id: item.id, state: states.get(item.id) ?? 'todo', done, total, progress };
    };
    const current = states.get(item.id) ?? 'todo';
    if (current === input.state) return answer();
    if (s.state !== 'active')
      throw new DomainError('session_not_active', { session_id: s.id, state: s.state });
    if (current === 'done') throw new DomainError('program_item_done', { item_id: item.id });
    await db.query(
      `insert into experience_session_items (workspace_id, session_id, item_id, state, updated_at)
       values ($1, $2, $3, $4, $5)
       on conflict (workspace_id, session_id, item_id) do update set state = excluded.state, updated_at = excluded.updated_at`,
      [ctx.workspaceId, s.id, item.id, input.state, now],
    );
    states.set(item.id, input.state);
    const moved = answer();
    const settled = moved.done === moved.total;
    await db.query(
      `update experience_sessions set items_done = $3, items_total = $4, progress = $5, updated_at = $6,
         state = case when $7 then 'completed' else state end,
         end_reason = case when $7 then 'completed' else end_reason end,
         ended_at = case when $7 then $6::timestamptz else ended_at end
       where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, s.id, moved.done, moved.total, moved.progress, now, settled],
    );
    const audience = {
      workspaceId: ctx.workspaceId,
      visitorId: s.widget_visitor_id,
      contactId: s.contact_id,
    };
    const who = { contact_id: s.contact_id, widget_visitor_id: s.widget_visitor_id };
    if (input.state === 'done') {
      await emitEvent({ ...ctx, db }, 'program.item_completed', {
        experience_id: s.experience_id,
        version_id: s.version_id,
        session_id: s.id,
        item_id: item.id,
        item_kind: item.kind,
        ...who,
        completed_at: now.toISOString(),
      });
    }
    await notifyWidgets(db, audience, {
      type: 'program.item',
      experience_id: s.experience_id,
      session_id: s.id,
      item_id: item.id,
      state: input.state,
    });
    if (settled) {
      await emitEvent({ ...ctx, db }, 'experience.completed', {
        experience_id: s.experience_id,
        type: s.type,
        version_id: s.version_id,
        session_id: s.id,
        ...who,
        feedback_rating: null,
        completed_at: now.toISOString(),
      });
      await notifyWidgets(db, audience, { type: 'session.ended', session_id: s.id, end_reason: 'completed' });
    }
    return moved;
  });
}
