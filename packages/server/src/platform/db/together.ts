import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/**
 * Statements a transaction sends as one step (issue 20). Kysely runs a transaction's statements one
 * after another, each waiting for the answer before the next goes out: on PostgreSQL every statement
 * is then a round trip. `runTogether` hands them to the connection as one query; the watched
 * connection (`write-watch.ts`) starts them all at once in the order given, so pg (pipeline mode,
 * `connect.ts`) writes them without waiting and PostgreSQL runs them one after the other in that
 * order: one round trip, the same effect as running them in turn. SQLite runs them in turn.
 *
 * Only for statements that do not depend on each other's answers; a later one may depend on an
 * earlier one's effect (PostgreSQL runs them in order, each with a snapshot taken when it starts).
 * If one fails, the transaction fails with it (the others' answers are dropped).
 */

/** On the query handed to the connection: the statements to run together. */
export const TOGETHER = Symbol('statements run together');
/** On the connection's answer: each statement's result, in order. */
export const TOGETHER_RESULTS = Symbol('results of statements run together');

export type TogetherQuery = CompiledQuery & { readonly [TOGETHER]: readonly CompiledQuery[] };

export function isTogether(query: CompiledQuery): query is TogetherQuery {
  return TOGETHER in query;
}

export async function runTogether(
  executor: Kysely<Database>,
  queries: readonly CompiledQuery[],
): Promise<QueryResult<unknown>[]> {
  const [first, ...rest] = queries;
  if (first === undefined) return [];
  if (rest.length === 0) return [await executor.executeQuery(first)];
  const carrier: TogetherQuery = { ...first, [TOGETHER]: queries };
  const answer = (await executor.executeQuery(carrier)) as QueryResult<unknown> & {
    [TOGETHER_RESULTS]?: QueryResult<unknown>[];
  };
  const results = answer[TOGETHER_RESULTS];
  if (results !== undefined) return results;
  // A connection that does not know the carrier ran it as its first statement: the rest in turn.
  const all = [answer];
  for (const query of rest) all.push(await executor.executeQuery(query));
  return all;
}

/**
 * On the query handed to the connection: writes that go with the transaction's commit (`writeAtCommit`).
 */
export const AT_COMMIT = Symbol('writes sent with the commit');

export type AtCommitQuery = CompiledQuery & { readonly [AT_COMMIT]: readonly CompiledQuery[] };

export function isAtCommit(query: CompiledQuery): query is AtCommitQuery {
  return AT_COMMIT in query;
}

/**
 * The transaction's last writes, sent with its `commit` (issue 20): on PostgreSQL in the same round
 * trip as the commit, so a transaction that reads, decides and writes takes two round trips, not
 * three. They run in the order given, after every other statement of the transaction, just before it
 * commits; if one fails, the transaction commits nothing and fails with that write's error (on
 * PostgreSQL a failed statement aborts the transaction, so the commit sent behind it rolls back; on
 * SQLite the commit is only sent once the writes succeeded). Nothing later in the transaction sees
 * them, and they answer nothing: only for writes whose results the transaction does not need (and
 * not before a savepoint that may be rolled back to: they are kept for the commit whatever happens
 * to the savepoint). Outside a transaction they run at once.
 */
export async function writeAtCommit(executor: Kysely<Database>, queries: readonly CompiledQuery[]): Promise<void> {
  const [first] = queries;
  if (first === undefined) return;
  const carrier: AtCommitQuery = { ...first, [AT_COMMIT]: queries };
  const answer = (await executor.executeQuery(carrier)) as QueryResult<unknown> & { [AT_COMMIT]?: true };
  if (answer[AT_COMMIT]) return;
  // A connection that does not know the carrier ran it as its first write: the rest in turn.
  for (const query of queries.slice(1)) await executor.executeQuery(query);
}
