import type { ProgramContent, ProgramItem, ProgramItemState } from '../definition';

/** A program as the decision delivers it: the live version, each item's state from the person's session. */
export interface ProgramView {
  experience_id: string;
  version_id: string;
  name: string;
  session_id: string | null;
  sections: ProgramSectionView[];
  done: number;
  total: number;
  progress: number;
}

export interface ProgramSectionView {
  id: string;
  title: string;
  items: (ProgramItem & { state: ProgramItemState })[];
  done: number;
  total: number;
}

/** The person's program session (the active one, else the newest) and its item states by item id. */
export interface ProgramSessionState {
  sessionId: string;
  items: ReadonlyMap<string, ProgramItemState>;
}

/** Finished items: `done` and `skipped` both count, so progress reaches 1 exactly when the program completes. */
export const isFinished = (state: ProgramItemState) => state === 'done' || state === 'skipped';

/**
 * Done and total per section and overall, and progress (done / total, 0 for an empty program). States
 * are joined by item id, so a republished program keeps the progress of the items that kept their ids;
 * an item without a state is `todo`.
 */
export function programProgress(
  content: ProgramContent,
  states: ReadonlyMap<string, ProgramItemState>,
): {
  sections: { id: string; done: number; total: number }[];
  done: number;
  total: number;
  progress: number;
} {
  let done = 0;
  let total = 0;
  const sections = content.sections.map((s) => {
    const sectionDone = s.items.filter((i) => isFinished(states.get(i.id) ?? 'todo')).length;
    done += sectionDone;
    total += s.items.length;
    return { id: s.id, done: sectionDone, total: s.items.length };
  });
  return { sections, done, total, progress: total === 0 ? 0 : done / total };
}

export function assembleProgram(
  experience: { id: string; versionId: string; name: string; content: ProgramContent },
  session: ProgramSessionState | null,
): ProgramView {
  const states = session?.items ?? new Map<string, ProgramItemState>();
  const counts = programProgress(experience.content, states);
  return {
    experience_id: experience.id,
    version_id: experience.versionId,
    name: experience.name,
    session_id: session?.sessionId ?? null,
    sections: experience.content.sections.map((s, i) => ({
      id: s.id,
      title: s.title,
      items: s.items.map((item) => ({ ...item, state: states.get(item.id) ?? 'todo' })),
      done: counts.sections[i]!.done,
      total: counts.sections[i]!.total,
    })),
    done: counts.done,
    total: counts.total,
    progress: counts.progress,
  };
}
