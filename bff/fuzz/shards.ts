import type { Operation } from './baselines';

export const FUZZ_SHARDS = 4;

/**
 * The resource an operation acts on: its path without parameters and without the common prefixes, first
 * two segments. Operations of one resource share a shard, so an operation whose baseline needs what
 * another's created (getSamlConnection after putSamlConnection) finds it in its shard's world.
 */
export function resourceOf(template: string): string {
  const skip = new Set(['api', 'v1', 'workspaces', 'hooks']);
  return template
    .split('/')
    .filter((s) => s && !s.startsWith('{') && !skip.has(s))
    .slice(0, 2)
    .join('/');
}

/** A stable shard (1-based) per resource, from a hash of its name: adding one operation moves no other. */
export function shardOf(op: Pick<Operation, 'template'>, shards: number): number {
  let h = 2166136261;
  for (const ch of resourceOf(op.template)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % shards) + 1;
}
