import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../testing.js';
import { pgConnectionConfig } from './connect.js';
import { deferredBeginPool } from './pg-deferred-begin.js';

/** The backend's own view of the session: in a transaction or not (`pg_current_xact_id_if_assigned` needs a write). */
const inTransaction = async (client: pg.PoolClient) =>
  ((await client.query('select now() <> statement_timestamp() as inside')) as pg.QueryResult).rows[0].inside as boolean;

describe.runIf(DIALECTS.includes('postgres'))('deferredBeginPool on PostgreSQL', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });
  const open = () => {
    pool = new pg.Pool({ ...pgConnectionConfig(TEST_DATABASE_URL), max: 1 });
    return { raw: pool, wrapped: deferredBeginPool(pool) };
  };

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
});
