import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../testing.js';
import { pgConnectionConfig } from './connect.js';
import { deferredBeginPool } from './pg-deferred-begin.js';
import { createStatementNames } from './pg-statement-names.js';

/** The backend's own view of the session: in a transaction or not (`pg_current_xact_id_if_assigned` needs a write). */
const inTransaction = async (client: pg.PoolClient) =>
  ((await client.query('select now() <> statement_timestamp() as inside')) as pg.QueryResult).rows[0].inside as boolean;

describe.runIf(DIALECTS.includes('postgres'))('deferredBeginPool on PostgreSQL', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });
  const open = (names = createStatementNames()) => {
    pool = new pg.Pool({ ...pgConnectionConfig(TEST_DATABASE_URL), max: 1 });
    return { raw: pool, wrapped: deferredBeginPool(pool, names) };
  };
  /** The connection's prepared statements (named by the wrapper), by their text. */
  const prepared = async (client: pg.PoolClient) =>
    ((await client.query('select name, statement from pg_prepared_statements order by name')) as pg.QueryResult).rows;

  it('sends begin with the first statement: what the transaction wrote goes with its rollback', async () => {
    const { wrapped } = open();
    const client = await wrapped.connect();
    await client.query('create temporary table deferred_t (n int)');
    await client.query('begin');
    await client.query('insert into deferred_t values ($1)', [7]);
    expect(await inTransaction(client)).toBe(true);
    await client.query('rollback');
    expect(((await client.query('select count(*)::int as c from deferred_t')) as pg.QueryResult).rows[0].c).toBe(0);
    await client.query('begin');
    await client.query('insert into deferred_t values ($1)', ["it's"]).catch(() => undefined);
    await client.query('rollback');
    client.release();
  });

  it('leaves pool.query working on a client it has wrapped, and the pool ends', async () => {
    // The defect this guards: pool.query passes a callback, which the wrapper dropped, so the
    // client was never released and pool.end() waited for ever.
    const { raw, wrapped } = open();
    const client = await wrapped.connect();
    client.release();
    const answer = await Promise.race([
      raw.query('select $1::int as n', [5]),
      new Promise((resolve) => setTimeout(() => resolve('no answer'), 5000)),
    ]);
    expect((answer as pg.QueryResult).rows?.[0]?.n).toBe(5);
    expect(raw.idleCount).toBe(1);
  });

  it('starts every checkout with no begin owed, whatever the last holder left', async () => {
    const { wrapped } = open();
    // Not the client's first checkout: pg-pool gives it a new release function every time.
    (await wrapped.connect()).release();
    const first = await wrapped.connect();
    await first.query('begin');
    first.release();
    const second = await wrapped.connect();
    await second.query('select 1');
    expect(await inTransaction(second)).toBe(false);
    second.release();
  });

  it('owes the begin to a call in pg’s other forms too (a config object)', async () => {
    const { wrapped } = open();
    const client = await wrapped.connect();
    await client.query('begin');
    await client.query({ text: 'select 1' });
    expect(await inTransaction(client)).toBe(true);
    await client.query('rollback');
    expect(await inTransaction(client)).toBe(false);
    client.release();
  });

  it('prepares a statement with parameters once per connection and runs it by name after', async () => {
    const { wrapped } = open();
    const client = await wrapped.connect();
    for (const n of [1, 2, 3]) {
      const answer = (await client.query('select $1::int * 2 as twice', [n])) as pg.QueryResult;
      expect(answer.rows[0].twice).toBe(n * 2);
    }
    const kept = await prepared(client);
    expect(kept).toHaveLength(1);
    expect(kept[0].statement).toBe('select $1::int * 2 as twice');
    // Inside a transaction too (its first statement travels with the begin, unprepared).
    await client.query('begin');
    await client.query('select $1::int as a', [1]);
    await client.query('select $1::int * 2 as twice', [4]);
    await client.query('commit');
    expect((await prepared(client)).map((row) => row.statement)).toEqual(['select $1::int * 2 as twice']);
    client.release();
  });

  it('prepares nothing when asked not to (a pooler that cannot keep prepared statements)', async () => {
    pool = new pg.Pool({ ...pgConnectionConfig(TEST_DATABASE_URL), max: 1 });
    const client = await deferredBeginPool(pool).connect();
    await client.query('select $1::int as n', [1]);
    await client.query('select $1::int as n', [2]);
    expect(await prepared(client)).toEqual([]);
    client.release();
  });

  it('prepares a statement again after a schema change alters its columns; in a transaction the refusal stands', async () => {
    const { wrapped } = open();
    const client = await wrapped.connect();
    await client.query('create temporary table names_t (id int primary key, a text)');
    await client.query('insert into names_t values ($1, $2)', [1, 'one']);
    const read = () => client.query('select * from names_t where id = $1', [1]) as Promise<pg.QueryResult>;
    expect((await read()).rows).toEqual([{ id: 1, a: 'one' }]);
    await client.query('alter table names_t add column b text');
    // Outside a transaction: refused once by PostgreSQL, prepared afresh and answered.
    expect((await read()).rows).toEqual([{ id: 1, a: 'one', b: null }]);
    await client.query('alter table names_t add column c int');
    await client.query('begin');
    await client.query('select $1::int as first', [1]);
    await expect(read()).rejects.toThrow(/cached plan must not change result type/);
    await client.query('rollback');
    expect((await read()).rows).toEqual([{ id: 1, a: 'one', b: null, c: null }]);
    client.release();
  });
});
