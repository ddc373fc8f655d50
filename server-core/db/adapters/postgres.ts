import postgres from 'postgres';
import { assertChannel, type Db, type Sql } from '../db';
import { createDeliveryBarrier } from './delivery-barrier';

export interface PostgresOptions {
  url: string;
  /** Pool size per process. */
  max?: number;
  /** A schema to use as search_path (tests isolate themselves this way). */
  schema?: string;
}

type Client = postgres.Sql<Record<string, never>>;

/** What notify needs to give this process read-your-notifications (see delivery-barrier.ts). */
interface LocalDelivery {
  listened(channel: string): boolean;
  await(): Promise<void>;
}

function wrap(
  sql: Client | postgres.TransactionSql<Record<string, never>>,
  local: LocalDelivery,
  txState: { notified: boolean } | null,
): Sql {
  const self: Sql = {
    async query<R extends object>(text: string, params: readonly unknown[] = []) {
      // Named prepared statements: after the first use a query sends only Bind and Execute.
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
      return Array.from(rows) as unknown as R[];
    },
    async exec(script) {
      await sql.unsafe(script).simple();
    },
    async tx(fn) {
      if (txState) return fn(self);
      const state = { notified: false };
      const result = (await (sql as Client).begin((t) => fn(wrap(t, local, state)))) as Awaited<
        ReturnType<typeof fn>
      >;
      // Delivered at commit: wait for this process's listeners once it has committed.
      if (state.notified) await local.await();
      return result;
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await sql.unsafe('select pg_notify($1, $2)', [channel, payload]);
      if (!local.listened(channel)) return;
      if (txState) txState.notified = true;
      else await local.await();
    },
  };
  return self;
}

/** Production: a real Postgres through postgres.js. */
export async function openPostgres(opts: PostgresOptions): Promise<Db> {
  const client: Client = postgres(opts.url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    types: {
      // int8 as a JS number, the same as the PGlite adapter (counts and sizes stay well below 2^53).
      bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
      // Our convention passes JSON parameters as strings (`$1::jsonb`); postgres.js would encode them again.
      json: { to: 114, from: [114], serialize: jsonText, parse: (v: string) => JSON.parse(v) },
      jsonb: { to: 3802, from: [3802], serialize: jsonText, parse: (v: string) => JSON.parse(v) },
    },
    connection: opts.schema ? { search_path: opts.schema } : {},
  }) as unknown as Client;
  try {
    await checkSchema(client);
  } catch (err) {
    await client.end({ timeout: 5 });
    throw err;
  }
  const vector = await detectVector(client);
  if (!vector) await installCube(client);
  const localListeners = new Map<string, number>();
  const awaitLocalDelivery = createDeliveryBarrier({
    listen: (channel, handler) => client.listen(channel, handler),
    notify: async (channel, payload) => {
      await client.unsafe('select pg_notify($1, $2)', [channel, payload]);
    },
  });
  const base = wrap(
    client,
    { listened: (channel) => (localListeners.get(channel) ?? 0) > 0, await: awaitLocalDelivery },
    null,
  );
  return {
    ...base,
    kind: 'postgres',
    capabilities: { vector, cube: false, sketch: false },
    async listen(channel, handler) {
      assertChannel(channel);
      const sub = await client.listen(channel, handler);
      localListeners.set(channel, (localListeners.get(channel) ?? 0) + 1);
      let open = true;
      return async () => {
        if (open) localListeners.set(channel, (localListeners.get(channel) ?? 1) - 1);
        open = false;
        await sub.unlisten();
      };
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

/**
 * A search_path naming no schema that exists would leave the migrations nowhere to create their tables
 * (Postgres says only "no schema has been selected to create in"). The schema is not created here: a
 * typo in the URL must not start an empty second install beside the real one.
 */
async function checkSchema(client: Client): Promise<void> {
  const [row] = await client<{ current: string | null; path: string; db: string }[]>`
    select current_schema() as current, current_setting('search_path') as path, current_database() as db`;
  if (!row || row.current !== null) return;
  const named = row.path
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== '"$user"');
  const first = named[0] ?? 'support';
  throw new Error(
    `The search_path of DATABASE_URL (${row.path}) names no schema that exists in database "${row.db}". ` +
      `Create it first (psql: create schema ${first};) or correct the URL; the server does not create schemas.`,
  );
}

function jsonText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** pgvector where the server has it (managed Postgres usually does; our machines' Postgres 15 does not). */
async function detectVector(client: Client): Promise<boolean> {
  const installed = await client`select 1 from pg_extension where extname = 'vector'`;
  if (installed.length > 0) return true;
  const available = await client`select 1 from pg_available_extensions where name = 'vector'`;
  if (available.length === 0) return false;
  try {
    // Into public, so a test's throwaway schema never takes the extension down with it.
    await client.unsafe('create extension if not exists vector with schema public');
    return true;
  } catch {
    return false;
  }
}

/**
 * Without pgvector, the contrib extension `cube` (shipped with Postgres, trusted) lets exact vector
 * distances run in C rather than in SQL. Into public, like vector; refused or absent: nothing to do.
 */
async function installCube(client: Client): Promise<void> {
  const available = await client`select 1 from pg_available_extensions where name = 'cube'`;
  if (available.length === 0) return;
  try {
    await client.unsafe('create extension if not exists cube with schema public');
  } catch {
    // Another process created it meanwhile, or no privilege: the migration checks what exists.
  }
}
