import type { Sql } from '../db/db';
import { DomainError, notFound } from '../lib/errors';
import {
  type Definition,
  defaultFrequency,
  defaultTargeting,
  type ExperienceContent,
  emptyDefinition,
} from './definition';
import type { Experience, ExperienceType } from './experience';

/** The portal's record of an experience: the public summary, the draft, what is live, and the archive time. */
export interface AuthoredExperience extends Experience {
  draft: Definition;
  /** The definition of the live version, or null when nothing is live. */
  published_definition: Definition | null;
  archived_at: Date | null;
}

/** The portal list: the summary and the archive time (drafts are read one at a time). */
export interface ExperienceListItem extends Experience {
  archived_at: Date | null;
}

export const AUTHORED_COLUMNS = `e.id, e.type, e.name, e.slug, e.status, e.live_version_id, e.created_at, e.updated_at,
  e.archived_at, e.draft, v.definition as published_definition`;
export const AUTHORED_FROM = `experiences e left join experience_versions v
  on v.workspace_id = e.workspace_id and v.id = e.live_version_id`;

type Raw = Omit<AuthoredExperience, 'draft' | 'published_definition'> & {
  draft: unknown;
  published_definition: unknown;
};

/**
 * A stored definition as the current code reads it. A draft or version written before issue 13 (an empty
 * object, or a bare `{ steps }`) reads as the empty definition of its type.
 */
export function readDefinition(type: ExperienceType, raw: unknown): Definition {
  const d = raw as Partial<Definition> | null;
  if (d && typeof d === 'object' && d.targeting && d.content) return d as Definition;
  return (
    emptyDefinition(type) ?? {
      targeting: defaultTargeting(),
      frequency: defaultFrequency(type),
      content: {} as ExperienceContent,
    }
  );
}

export function authoredFrom(row: Raw): AuthoredExperience {
  return {
    ...row,
    draft: readDefinition(row.type, row.draft),
    published_definition:
      row.published_definition === null ? null : readDefinition(row.type, row.published_definition),
  };
}

/** One experience of the workspace with its draft, locked for the transaction when asked; 404 otherwise. */
export async function loadAuthored(
  db: Sql,
  workspaceId: string,
  experienceId: string,
  lock = false,
): Promise<AuthoredExperience> {
  const [row] = await db.query<Raw>(
    `select ${AUTHORED_COLUMNS} from ${AUTHORED_FROM} where e.workspace_id = $1 and e.id = $2
     ${lock ? 'for update of e' : ''}`,
    [workspaceId, experienceId],
  );
  if (!row) throw notFound('experience');
  return authoredFrom(row);
}

/** Refuses every write but archive to an archived experience. */
export function assertNotArchived(e: AuthoredExperience): void {
  if (e.status === 'archived') throw new DomainError('experience_archived', { experience_id: e.id });
}
