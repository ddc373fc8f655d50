import { type PGlite, parse, protocol } from '@electric-sql/pglite';

const MAX_PREPARED_STATEMENTS = 500;
/** A prepared statement whose result columns changed under it (a table altered since), or one dropped. */
const STATEMENT_GONE = new Set(['0A000', '26000']);

interface Prepared {
  name: string;
  paramTypes: number[];
}

/**
 * Statements outside a transaction on PGlite, as the Postgres adapter runs them: named prepared
 * statements, so after the first use a statement is one Bind, Describe, Execute, Sync, batched in a single
 * call into the WASM engine, with no parsing or analysis. PGlite's own query() makes six calls per
 * statement (parse, describe, bind, describe, execute, sync) and parses and plans it every time.
 * Parameters are serialised exactly as PGlite does, by the types the engine reported when the statement
 * was prepared. A transaction's statements still go through PGlite's own path.
 */
export function createPgliteQuery(pglite: PGlite) {
  const prepared = new Map<string, Prepared>();
  let counter = 0;

  // The same locks as PGlite's query(): wait for any open transaction, then run alone.
  const exclusive = <T>(fn: () => Promise<T>) =>
    pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(fn));

  async function forgetAll(): Promise<void> {
    const names = [...prepared.values()].map((p) => p.name);
    prepared.clear();
    if (names.length === 0) return;
    await pglite.execProtocolStream(
      concat([
        ...names.map((name) => protocol.serialize.close({ type: 'S', name })),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
  }

  async function prepare(text: string): Promise<Prepared> {
    const found = prepared.get(text);
    if (found) return found;
    if (prepared.size >= MAX_PREPARED_STATEMENTS) await forgetAll();
    const name = `pglite_s${++counter}`;
    const messages = await pglite.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    prepared.set(text, statement);
    return statement;
  }

  function serialize(params: readonly unknown[], types: readonly number[]): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[types[i] ?? 0];
      return serializer ? serializer(param) : String(param);
    });
  }

  async function run<R>(text: string, params: readonly unknown[]): Promise<R[]> {
    const statement = await prepare(text);
    const messages = await pglite.execProtocolStream(
      concat([
        protocol.serialize.bind({
          statement: statement.name,
          values: serialize(params, statement.paramTypes),
        }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as R[];
  }

  return {
    async query<R extends object>(text: string, params: readonly unknown[] = []): Promise<R[]> {
      await pglite._checkReady();
      return exclusive(async () => {
        try {
          return await run<R>(text, params);
        } catch (err) {
          if (!STATEMENT_GONE.has(codeOf(err) ?? '') || !prepared.has(text))
            throw withStatement(err, text, params);
          await forgetAll();
          return run<R>(text, params).catch((retried) => {
            throw withStatement(retried, text, params);
          });
        }
      });
    },
    /** Drops every prepared statement: schema changes (migrations run through exec) can change their types. */
    forgetAll: () => exclusive(forgetAll),
  };
}

function codeOf(err: unknown): string | undefined {
  return err && typeof err === 'object' && 'code' in err ? String(err.code) : undefined;
}

/** As PGlite's own query() does: the statement rides on the database error. */
function withStatement(err: unknown, query: string, params: readonly unknown[]): unknown {
  if (codeOf(err) !== undefined) Object.assign(err as object, { query, params });
  return err;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
