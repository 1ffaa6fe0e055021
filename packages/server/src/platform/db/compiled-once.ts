import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

// A hot statement (the cart's, issue 20) built and compiled by Kysely once per dialect, then run with
// each request's values bound: building and compiling the five statements of an add to cart cost
// the server about as much CPU as SQLite took to run them. The SQL text and the constants in it stay exactly
// what the builder makes; only the values passed as arguments change between runs.

/** Marks an argument's place while the statement is compiled; never sent to a database. */
const mark = (index: number) => `\u0000compiled-once-argument-${index}\u0000`;

/** Which dialect an executor speaks: its adapter's class (the SQL text differs between dialects only). */
function dialectOf(executor: Kysely<Database>): unknown {
  return executor.getExecutor().adapter.constructor;
}

/** A statement compiled once: run it with its arguments, or bind them for `runTogether` (`together.ts`). */
export interface CompiledOnce<R, A extends unknown[]> {
  (executor: Kysely<Database>, ...args: A): Promise<R[]>;
  /** The statement with `args` bound, not run. */
  bound(executor: Kysely<Database>, ...args: A): CompiledQuery<R>;
}

/**
 * `build(executor, ...marks)` with one mark per argument, compiled at its first run on each dialect;
 * answers a function that runs the statement with `args` in place of the marks, through `executor`
 * (the database or an open transaction of it), and answers its rows.
 */
export function compiledOnce<R, A extends unknown[]>(
  arity: A['length'],
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): CompiledOnce<R, A> {
  const byDialect = new Map<unknown, { query: CompiledQuery<R>; slots: number[] }>();
  const compile = (executor: Kysely<Database>) => {
    const marks = Array.from({ length: arity }, (_, i) => mark(i)) as A;
    const query = build(executor, ...marks).compile();
    const slots = query.parameters.map((value) => (marks as unknown[]).indexOf(value));
    const used = new Set(slots.filter((slot) => slot >= 0));
    if (used.size !== arity)
      throw new Error(`compiledOnce: ${arity - used.size} argument(s) not bound in ${query.sql}`);
    return { query, slots };
  };
  const bound = (executor: Kysely<Database>, ...args: A): CompiledQuery<R> => {
    const dialect = dialectOf(executor);
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      compiled = compile(executor);
      byDialect.set(dialect, compiled);
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot, i) => (slot >= 0 ? args[slot] : query.parameters[i]));
    return { ...query, parameters };
  };
  const run = async (executor: Kysely<Database>, ...args: A): Promise<R[]> =>
    (await executor.executeQuery<R>(bound(executor, ...args))).rows;
  return Object.assign(run, { bound });
}
