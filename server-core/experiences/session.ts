import type { Sql } from '../db/db';
import { notFound } from '../lib/errors';
import { readDefinition } from './authored-experience';
import type { Definition, ProgramContent, ProgramItem } from './definition';
import type { ExperienceType } from './experience';

export const SESSION_TRIGGERS = ['auto', 'start', 'program'] as const;
export type SessionTrigger = (typeof SESSION_TRIGGERS)[number];

/**
 * Who a widget acts for: its visitor, and the contact it is verified as (null while anonymous). A session
 * is this person's when it was opened by the visitor or belongs to the same verified contact (another
 * browser of the same person).
 */
export interface Person {
  visitorId: string | null;
  contactId: string | null;
}

/** A session of a tour, program or survey. */
export interface Session {
  id: string;
  experience_id: string;
  version_id: string;
  type: ExperienceType;
  state: 'active' | 'completed' | 'ended';
  end_reason: string | null;
  current_step_id: string | null;
  progress: number;
  items_done: number;
  items_total: number;
  trigger: SessionTrigger;
  contact_id: string | null;
  widget_visitor_id: string | null;
  feedback_rating: number | null;
  feedback_comment: string | null;
  started_at: Date;
  ended_at: Date | null;
}

export const SESSION_COLUMNS = `s.id, s.experience_id, s.version_id, e.type, s.state, s.end_reason,
  s.current_step_cvid as current_step_id, s.progress, s.items_done, s.items_total, s.trigger, s.contact_id,
  s.widget_visitor_id, s.feedback_rating, s.feedback_comment, s.started_at, s.ended_at`;

/** The SQL condition "session s belongs to the person" with the visitor and contact as parameters. */
export const personMatch = (visitorParam: string, contactParam: string) =>
  `(s.widget_visitor_id = ${visitorParam}::text or (${contactParam}::text is not null and s.contact_id = ${contactParam}::text))`;

/**
 * One of the person's sessions, on the version the path names, with that version's definition, locked
 * for the transaction when asked. Another visitor's session, another version's, another workspace's:
 * 404, the same answer.
 */
export async function loadOwnSession(
  db: Sql,
  workspaceId: string,
  person: Person,
  ids: { versionId: string; sessionId: string },
  lock = false,
): Promise<Session & { definition: Definition }> {
  const [row] = await db.query<Session & { definition: unknown }>(
    `select ${SESSION_COLUMNS}, v.definition from experience_sessions s
     join experiences e on e.workspace_id = s.workspace_id and e.id = s.experience_id
     join experience_versions v on v.workspace_id = s.workspace_id and v.id = s.version_id
     where s.workspace_id = $1 and s.id = $2 and s.version_id = $3 and ${personMatch('$4', '$5')}
     ${lock ? 'for update of s' : ''}`,
    [workspaceId, ids.sessionId, ids.versionId, person.visitorId, person.contactId],
  );
  if (!row) throw notFound('session');
  return { ...row, definition: readDefinition(row.type, row.definition) };
}

/** The items of a program, in order. */
export function programItems(def: Definition): ProgramItem[] {
  return (def.content as ProgramContent).sections.flatMap((s) => s.items);
}

/** Strips what the widget does not get back (the version's definition). */
export function sessionOf(s: Session & { definition?: unknown }): Session {
  const { definition: _definition, ...session } = s;
  return session;
}
