import type { Sql } from '../db/db';
import type {
  Definition,
  Frequency,
  ProgramContent,
  ProgramItemState,
  Targeting,
  TourContent,
  TourStep,
} from '../experiences/definition';
import type { ExperienceType } from '../experiences/experience';
import { newId } from '../lib/ulid';

/**
 * Experiences, published versions and sessions written straight into the tables, for tests of the
 * decision (the authoring operations are tested on their own). Ids are ULIDs stamped with `at`.
 */

export function targeting(overrides: Partial<Targeting> = {}): Targeting {
  return {
    pages: { include: [], exclude: [] },
    audience: 'everyone',
    attributes: [],
    events: [],
    elements: [],
    triggers: {},
    window: { starts_at: null, ends_at: null },
    priority: 0,
    ...overrides,
  };
}

export function step(id: string, overrides: Partial<TourStep> = {}): TourStep {
  return {
    id,
    title: `Step ${id}`,
    body: 'Body',
    target: null,
    placement: 'auto',
    page: null,
    advance: 'next',
    wait_ms: 5000,
    ...overrides,
  };
}

export function tourDefinition(
  opts: { targeting?: Partial<Targeting>; frequency?: Frequency | null; steps?: TourStep[] } = {},
): Definition<TourContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: opts.frequency === undefined ? { kind: 'once' } : opts.frequency,
    content: { steps: opts.steps ?? [step('s1'), step('s2')], feedback: { enabled: false, question: '' } },
  };
}

export function programDefinition(
  opts: { targeting?: Partial<Targeting>; sections?: ProgramContent['sections'] } = {},
): Definition<ProgramContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: null,
    content: {
      sections: opts.sections ?? [
        {
          id: 'sec1',
          title: 'Get started',
          items: [
            { id: 'i1', title: 'Take the tour', description: '', kind: 'url', url: 'https://example.com/a' },
            { id: 'i2', title: 'Read the guide', description: '', kind: 'article', article_slug: 'guide' },
          ],
        },
        {
          id: 'sec2',
          title: 'Go further',
          items: [{ id: 'i3', title: 'Export', description: '', kind: 'event', event_name: 'exported' }],
        },
      ],
    },
  };
}

export interface InsertedExperience {
  id: string;
  versionId: string;
}

/** An experience with one version; published (live) unless status says otherwise. */
export async function insertExperience(
  db: Sql,
  workspaceId: string,
  input: {
    type: ExperienceType;
    definition: unknown;
    name?: string;
    status?: 'draft' | 'published' | 'archived';
    at?: Date;
  },
): Promise<InsertedExperience> {
  const at = input.at ?? new Date();
  const id = newId(at);
  const status = input.status ?? 'published';
  await db.query(
    `insert into experiences (workspace_id, id, type, name, slug, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [workspaceId, id, input.type, input.name ?? `${input.type} ${id}`, `${input.type}-${id}`, status, at],
  );
  const versionId = await insertVersion(db, workspaceId, id, input.definition, {
    at,
    live: status === 'published',
  });
  return { id, versionId };
}

/** A new version of an experience; live (the experience's live_version_id) unless said otherwise. */
export async function insertVersion(
  db: Sql,
  workspaceId: string,
  experienceId: string,
  definition: unknown,
  opts: { at?: Date; live?: boolean } = {},
): Promise<string> {
  const at = opts.at ?? new Date();
  const id = newId(at);
  await db.query(
    `insert into experience_versions (workspace_id, id, experience_id, number, definition, created_at, published_at)
     values ($1, $2, $3, (select coalesce(max(number), 0) + 1 from experience_versions where workspace_id = $1 and experience_id = $3),
       $4::jsonb, $5, $5)`,
    [workspaceId, id, experienceId, JSON.stringify(definition), at],
  );
  if (opts.live ?? true) {
    await db.query(
      `update experiences set live_version_id = $3, status = 'published', updated_at = $4
       where workspace_id = $1 and id = $2`,
      [workspaceId, experienceId, id, at],
    );
  }
  return id;
}

export async function setExperienceStatus(
  db: Sql,
  workspaceId: string,
  experienceId: string,
  status: 'draft' | 'published' | 'archived',
): Promise<void> {
  await db.query(
    `update experiences set status = $3, live_version_id = case when $3 = 'published' then live_version_id end
     where workspace_id = $1 and id = $2`,
    [workspaceId, experienceId, status],
  );
}

/** A session of a person (a visitor, a contact, or both). */
export async function insertSession(
  db: Sql,
  workspaceId: string,
  input: {
    experienceId: string;
    versionId: string;
    visitorId?: string | null;
    contactId?: string | null;
    state?: 'active' | 'completed' | 'ended';
    endReason?: string | null;
    stepId?: string | null;
    startedAt?: Date;
    trigger?: 'auto' | 'start' | 'program';
  },
): Promise<string> {
  const at = input.startedAt ?? new Date();
  const id = newId(at);
  const state = input.state ?? 'active';
  await db.query(
    `insert into experience_sessions (workspace_id, id, experience_id, version_id, contact_id, widget_visitor_id, state,
       end_reason, current_step_cvid, started_at, ended_at, updated_at, trigger)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $12)`,
    [
      workspaceId,
      id,
      input.experienceId,
      input.versionId,
      input.contactId ?? null,
      input.visitorId ?? null,
      state,
      input.endReason ?? (state === 'ended' ? 'dismissed' : state === 'completed' ? 'completed' : null),
      input.stepId ?? null,
      at,
      state === 'active' ? null : at,
      input.trigger ?? 'auto',
    ],
  );
  return id;
}

export async function setSessionItem(
  db: Sql,
  workspaceId: string,
  sessionId: string,
  itemId: string,
  state: ProgramItemState,
  at = new Date(),
): Promise<void> {
  await db.query(
    `insert into experience_session_items (workspace_id, session_id, item_id, state, updated_at)
     values ($1, $2, $3, $4, $5)
     on conflict (workspace_id, session_id, item_id) do update set state = excluded.state, updated_at = excluded.updated_at`,
    [workspaceId, sessionId, itemId, state, at],
  );
}
