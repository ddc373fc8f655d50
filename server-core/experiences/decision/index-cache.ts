import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { SECOND } from '../../lib/clock';
import {
  buildExperienceIndex,
  type CompiledStep,
  compileSteps,
  type ExperienceIndex,
  type RegexCache,
} from './experience-index';
import { loadPublishedRows, loadVersionContents } from './load-index';
import { EXPERIENCES_CHANNEL } from './notify-experiences-changed';

/** The safety net: a node that missed a NOTIFY serves an index at most this old. */
export const INDEX_TTL_MS = 10 * SECOND;
const MAX_WORKSPACES = 10_000;
const MAX_OLDER_VERSIONS = 5_000;

/**
 * Per-node cache of experience indexes, one per workspace, made by bff/services.ts (never a module
 * singleton). An entry lives INDEX_TTL_MS at most and is dropped when `experiences_changed` names its
 * workspace (notifyExperiencesChanged, at the commit of a publish, unpublish or archive). A load that
 * started before a drop is answered but not kept, so a NOTIFY that overtakes a load is never lost. In
 * the last fifth of its life an entry is reloaded in the background, so requests rarely wait for a load.
 * Compiled regexes are kept by their text across reloads (their automata stay warm); older versions'
 * tour steps by version id (versions never change).
 */
export function createExperienceIndexCache(deps: { db: Db; clock: Clock; ttlMs?: number }) {
  const ttl = deps.ttlMs ?? INDEX_TTL_MS;
  const entries = new Map<string, { index: ExperienceIndex; until: number }>();
  const loads = new Map<string, Promise<ExperienceIndex>>();
  const generations = new Map<string, number>();
  /** Bumped when a NOTIFY names no workspace: every entry and load goes. */
  let epoch = 0;
  const generationOf = (workspaceId: string) => `${epoch}:${generations.get(workspaceId) ?? 0}`;
  const regexes: RegexCache = new Map();
  const olderSteps = new Map<string, CompiledStep[]>();
  let listening: Promise<unknown> | null = null;

  const drop = (workspaceId: string) => {
    if (!workspaceId) {
      entries.clear();
      loads.clear();
      epoch++;
      return;
    }
    entries.delete(workspaceId);
    loads.delete(workspaceId);
    if (generations.size >= MAX_WORKSPACES) {
      generations.clear();
      epoch++;
    }
    generations.set(workspaceId, (generations.get(workspaceId) ?? 0) + 1);
  };

  const listen = () => {
    listening ??= deps.db.listen(EXPERIENCES_CHANNEL, drop).catch(() => {
      listening = null; // the TTL covers until the next request listens again
    });
    return listening;
  };

  function load(workspaceId: string): Promise<ExperienceIndex> {
    const pending = loads.get(workspaceId);
    if (pending) return pending;
    const generation = generationOf(workspaceId);
    const promise = loadPublishedRows(deps.db, workspaceId)
      .then((rows) => {
        const index = buildExperienceIndex(workspaceId, rows, regexes);
        if (generationOf(workspaceId) === generation) {
          if (entries.size >= MAX_WORKSPACES) entries.clear();
          entries.set(workspaceId, { index, until: deps.clock.now().getTime() + ttl });
        }
        return index;
      })
      .finally(() => {
        if (loads.get(workspaceId) === promise) loads.delete(workspaceId);
      });
    loads.set(workspaceId, promise);
    return promise;
  }

  return {
    /** The workspace's index: cached, or loaded with one query. */
    async get(workspaceId: string): Promise<ExperienceIndex> {
      await listen();
      const hit = entries.get(workspaceId);
      const now = deps.clock.now().getTime();
      if (hit && hit.until > now) {
        // Refresh ahead: in its last fifth the entry still answers while a reload runs beside it.
        if (hit.until - now < ttl / 5) load(workspaceId).catch(() => {});
        return hit.index;
      }
      return load(workspaceId);
    },

    /** The compiled tour steps of versions that are no longer live (sessions keep their version). */
    async stepsOfVersions(
      workspaceId: string,
      versionIds: readonly string[],
    ): Promise<Map<string, readonly CompiledStep[]>> {
      const found = new Map<string, readonly CompiledStep[]>();
      const missing = versionIds.filter((id) => {
        const steps = olderSteps.get(`${workspaceId}:${id}`);
        if (steps) found.set(id, steps);
        return !steps;
      });
      if (missing.length === 0) return found;
      for (const row of await loadVersionContents(deps.db, workspaceId, missing)) {
        const steps = compileSteps(row.content, regexes);
        if (olderSteps.size >= MAX_OLDER_VERSIONS) olderSteps.clear();
        olderSteps.set(`${workspaceId}:${row.id}`, steps);
        found.set(row.id, steps);
      }
      return found;
    },

    /** Drops a workspace's entry on this node (every node also drops it on NOTIFY). */
    invalidate: drop,
  };
}

export type ExperienceIndexCache = ReturnType<typeof createExperienceIndexCache>;
