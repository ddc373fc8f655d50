/**
 * The one database interface. Domain modules import this file only, never an adapter.
 * SQL is plain Postgres with $1..$n parameters; JSON parameters are passed as strings and cast
 * (`$1::jsonb`); int8 results come back as JS numbers on both adapters.
 */
export type Row = Record<string, unknown>;

export interface Sql {
  /** One statement with positional parameters. */
  query<R extends object = Row>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** A script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /** Runs fn in a transaction; inside a transaction it joins the outer one. */
  tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * pg_notify: inside a transaction it is delivered at commit. This process's own listeners on the
   * channel have run when notify resolves, or for a transaction's notify when the transaction resolves
   * (read-your-notifications on the same node; other nodes get it as soon as Postgres delivers it).
   */
  notify(channel: string, payload: string): Promise<void>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * vector: pgvector is installed (HNSW nearest neighbours). cube: without pgvector, the `cube` extension
   * backs a stored cube copy of each vector of at most 100 dimensions (exact distances computed in C);
   * it is known only once migrations ran, so prepareDatabase sets it.
   */
  readonly capabilities: { readonly vector: boolean; cube: boolean; sketch: boolean };
  /** Subscribes to a channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Channel names are identifiers we choose; refuse anything else rather than quote it. */
export function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
}

/** Unique violation of Postgres, the same code on both adapters. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; constraint_name?: string } | null;
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || e.constraint_name === constraint;
}
