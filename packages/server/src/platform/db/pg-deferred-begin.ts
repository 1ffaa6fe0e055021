import type pg from 'pg';

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
 */
export function deferredBeginPool(pool: pg.Pool): { connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  const wrapped = new WeakSet<pg.PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      if (!wrapped.has(client)) {
        wrapped.add(client);
        deferBegin(client);
      }
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

function deferBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (text: unknown, values?: unknown) => Promise<unknown>;
  const release = client.release.bind(client);
  let pending = false;
  client.release = (error?: Error | boolean) => {
    pending = false;
    return release(error);
  };
  const deferred = async (text: unknown, values?: unknown): Promise<unknown> => {
    if (typeof text !== 'string' || (values !== undefined && !Array.isArray(values))) {
      if (pending) {
        pending = false;
        await query('begin');
      }
      return query(text, values);
    }
    const params = (values ?? []) as unknown[];
    const sql = text.trim();
    if (!pending) {
      if (params.length === 0 && BEGIN.test(sql)) {
        pending = true;
        return emptyResult('BEGIN');
      }
      return query(text, values);
    }
    pending = false;
    if (params.length === 0 && END.test(sql)) return emptyResult(sql.toUpperCase());
    const inlined = inline(client, text, params);
    if (inlined === undefined) {
      await query('begin');
      return query(text, values);
    }
    const results = (await query(`begin; ${inlined}`)) as pg.QueryResult[];
    return results[results.length - 1];
  };
  client.query = deferred as typeof client.query;
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
