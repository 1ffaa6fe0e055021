import type { Writable } from 'node:stream';
import type pg from 'pg';
import { isStalePreparedPlan, type StatementNames } from './pg-statement-names.js';

/**
 * A pool for Kysely's PostgreSQL dialect whose clients send a transaction's `begin` together with
 * the transaction's first statement, in one round trip (issue 20: every statement is a round trip
 * to PostgreSQL, and a checkout's `begin` was one of them).
 *
 * Kysely sends `begin` as a statement of its own. Here the client answers it at once and keeps it;
 * the next statement goes as one simple-protocol message `begin; <statement>` with its parameters
 * written in as quoted literals (pg's own text form of each value, escaped by `escapeLiteral`, so
 * PostgreSQL infers their types from the context as it does for the parameters, which pg sends as
 * text too). The transaction starts exactly where it did: nothing runs in it before that statement.
 * A statement that cannot be written so (a value that is not text, a number, a boolean or null; SQL
 * with a quote in it; a cursor) is preceded by a `begin` of its own, as before. A `commit` or
 * `rollback` of a transaction that ran nothing sends nothing.
 *
 * With `names`, every other statement with parameters runs as a named (prepared) statement under
 * the name `names` gives its text (`pg-statement-names.ts`): parsed and planned once per connection.
 */
export function deferredBeginPool(
  pool: pg.Pool,
  names?: StatementNames,
): { connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  const fresh = new WeakMap<pg.PoolClient, () => void>();
  return {
    async connect() {
      const client = await pool.connect();
      let reset = fresh.get(client);
      if (reset === undefined) {
        reset = deferBegin(client, names);
        fresh.set(client, reset);
      }
      // pg-pool gives the client a new `release` on every checkout, so no state can ride on it: a
      // checkout starts with no `begin` owed, whatever the last holder left.
      reset();
      return client;
    },
    end: () => pool.end(),
  };
}

const BEGIN = /^begin$/i;
const END = /^(commit|rollback)$/i;

function emptyResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] };
}

type Query = (...args: unknown[]) => unknown;

/**
 * Replaces `client.query` for good (the client goes back to the pool and serves `pool.query` too);
 * answers the function that forgets a `begin` still owed.
 */
function deferBegin(client: pg.PoolClient, names: StatementNames | undefined): () => void {
  const query = client.query.bind(client) as Query;
  let pending = false;
  let inTransaction = false;
  const withBegin = async (text: string, params: unknown[]): Promise<unknown> => {
    pending = false;
    if (params.length === 0 && END.test(text.trim())) {
      inTransaction = false;
      return emptyResult(text.trim().toUpperCase());
    }
    const inlined = inline(client, text, params);
    if (inlined === undefined) {
      // Both handed to pg now, in order, so statements started right after this one
      // (`together.ts`) still follow it.
      const begun = query('begin') as Promise<unknown>;
      const answer = query(text, params) as Promise<unknown>;
      // A failed `begin` is the error to report; the statement's own failure then goes unheard.
      answer.catch(() => {});
      await begun;
      return answer;
    }
    const results = (await query(`begin; ${inlined}`)) as pg.QueryResult[];
    return results[results.length - 1];
  };
  const named = (names: StatementNames, name: string, text: string, values: unknown[]): Promise<unknown> =>
    (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePreparedPlan(error)) throw error;
      names.retire(text, name);
      // Inside a transaction the refusal has aborted it: the caller's rollback follows. Outside
      // one, the statement is run again, prepared afresh under its new name.
      if (inTransaction) throw error;
      const again = names.nameFor(text, values.length);
      return query(again === undefined ? { text, values } : { name: again, text, values });
    });
  // Statements handed over in one synchronous run (`together.ts`, pg's pipeline mode) leave in one
  // write: the socket is corked at the first and uncorked once the run is over (pg corks each
  // statement's messages itself; this holds them until the last one is in).
  const stream = (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream?.uncork?.();
  };
  const coalesce = () => {
    if (corked || typeof stream?.cork !== 'function') return;
    corked = true;
    stream.cork();
    process.nextTick(uncork);
  };
  const deferred: Query = (...args) => {
    coalesce();
    const [text, values] = args;
    const plain = args.length <= 2 && typeof text === 'string' && (values === undefined || Array.isArray(values));
    if (!plain) {
      // A callback (`pool.query` passes one), a config object or a cursor: pg's own call, its own
      // answer, after the `begin` still owed (pg runs a client's queries in the order given).
      if (pending) {
        pending = false;
        (query('begin') as Promise<unknown>).catch(() => {});
      }
      return query(...args);
    }
    const params = (values ?? []) as unknown[];
    if (pending) return withBegin(text, params);
    if (params.length === 0) {
      const bare = text.trim();
      if (BEGIN.test(bare)) {
        pending = true;
        inTransaction = true;
        return Promise.resolve(emptyResult('BEGIN'));
      }
      if (END.test(bare)) inTransaction = false;
    } else if (names !== undefined) {
      const name = names.nameFor(text, params.length);
      if (name !== undefined) return named(names, name, text, params);
    }
    return query(...args);
  };
  client.query = deferred as typeof client.query;
  return () => {
    pending = false;
    inTransaction = false;
  };
}

/** `text` with `$n` replaced by each value as a quoted literal, or undefined when that is not sure to be the same. */
function inline(client: pg.PoolClient, text: string, params: readonly unknown[]): string | undefined {
  if (/['\\;]|\$\$/.test(text)) return undefined;
  const literals: string[] = [];
  for (const value of params) {
    if (value === null || value === undefined) literals.push('null');
    // The text pg sends for such a parameter (its `prepareValue`: the string, `String` of the rest).
    else if (typeof value === 'string') literals.push(client.escapeLiteral(value));
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
      literals.push(client.escapeLiteral(String(value)));
    else return undefined;
  }
  let ok = true;
  const out = text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const literal = literals[Number(n) - 1];
    if (literal === undefined) ok = false;
    return literal ?? '';
  });
  return ok ? out : undefined;
}
