import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgConnectionConfig } from '../connect.js';
import { DIALECTS, startTestServer, TEST_DATABASE_URL, type TestServer } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';

describe.runIf(DIALECTS.includes('postgres'))('PostgreSQL connection loss', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'postgres' });
  });
  afterAll(async () => server?.close());

  it('keeps serving after the database drops its connections', async () => {
    const v = Visitor.of(server);
    // Warm the pool with several connections.
    await Promise.all(Array.from({ length: 5 }, () => v.get('/api/commerce/shopping-cart')));
    const schema = (
      await server.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()
    ).s;
    const admin = new pg.Client(pgConnectionConfig(TEST_DATABASE_URL));
    await admin.connect();
    try {
      // Only this server's connections: each test server names them after its schema.
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [schema],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await v.get('/api/commerce/shopping-cart')).status);
    expect(statuses.at(-1)).toBe(200);
    expect((await v.get('/api/health')).status).toBe(200);
  });
});
