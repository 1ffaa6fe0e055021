/**
 * Names for the server's PostgreSQL statements, so each connection parses and plans a statement once
 * and then only binds and runs it (issue 20). pg sends a query with parameters as an unnamed
 * statement unless it is given a name: PostgreSQL then parses, analyses and plans it on every run,
 * which on a 2-core host took more CPU per add to cart than the server's own work for it.
 *
 * A name stands for one SQL text for the life of the process (pg refuses one name for two texts on a
 * connection). Bounded: at most `limit` texts get a name, first come first named, and a statement with
 * more than `MAX_NAMED_PARAMETERS` parameters (bulk inserts, long `in (…)` lists, whose texts vary by
 * their length) never does, so neither this map nor a connection's prepared statements grow without
 * end. Connections are closed after an idle spell by the pool, which frees what they prepared.
 *
 * A text whose prepared form PostgreSQL refuses after a schema change ("cached plan must not change
 * result type", after a migration adds a column to a `select *`) is given a new name, so the next run
 * prepares it again on every connection.
 */
export interface StatementNames {
  /** The name to run `text` under, or undefined to send it unnamed. */
  nameFor(text: string, parameterCount: number): string | undefined;
  /** Forgets `name` for `text` after PostgreSQL refused its prepared form (not a newer name given since). */
  retire(text: string, name: string): void;
  readonly size: number;
}

/** Statements with more parameters than this go unnamed (their texts vary with the list's length). */
export const MAX_NAMED_PARAMETERS = 64;
/** Distinct texts named per process at most: the server has a few hundred statements. */
export const STATEMENT_NAME_LIMIT = 1000;

export function createStatementNames(limit = STATEMENT_NAME_LIMIT): StatementNames {
  const names = new Map<string, string>();
  let issued = 0;
  return {
    nameFor(text, parameterCount) {
      const known = names.get(text);
      if (known !== undefined || parameterCount > MAX_NAMED_PARAMETERS || names.size >= limit) return known;
      const name = `tessera_${(issued++).toString(36)}`;
      names.set(text, name);
      return name;
    },
    retire(text, name) {
      if (names.get(text) === name) names.delete(text);
    },
    get size() {
      return names.size;
    },
  };
}

/** PostgreSQL's refusal to run a prepared statement whose result columns a schema change altered. */
export function isStalePreparedPlan(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '0A000' && typeof e.message === 'string' && /cached plan must not change result type/.test(e.message)
  );
}
