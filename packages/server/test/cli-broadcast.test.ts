// Issue 18: a change made by the `tessera` CLI (an import, a site command, a new owner) beside running
// servers reaches their caches at once over the cluster bus, not after the content cache's lifetime.
// The CLI is another process with its own database connection; here, a second connection to the same
// PostgreSQL schema plays it, and `announceOutsideWrite` is what the CLI calls after a command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SITE_ID } from '../src/seed/seed.js';
import { openDatabase } from '../src/platform/db/connect.js';
import { announceOutsideWrite } from '../src/platform/cluster/create-bus.js';
import { DIALECTS, startTestServer, TEST_DATABASE_URL, type TestServer } from '../src/testing.js';
import { REDIS_URL, redisReachable } from './redis-stores.js';
import { Visitor } from './visitor.js';

const quiet = { warn: () => {} };
const redisUp = await redisReachable();

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const buses = [
  { name: 'PostgreSQL LISTEN/NOTIFY', redisUrl: undefined, run: DIALECTS.includes('postgres') },
  { name: 'Redis pub/sub', redisUrl: REDIS_URL, run: DIALECTS.includes('postgres') && redisUp },
];

for (const bus of buses) {
  describe.skipIf(!bus.run)(`a CLI write announced over ${bus.name}`, () => {
    let server: TestServer;
    let cli: ReturnType<typeof openDatabase>;

    beforeAll(async () => {
      server = await startTestServer({ dialect: 'postgres', config: { redisUrl: bus.redisUrl } });
      cli = openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: server.database.schema });
    });
    afterAll(async () => {
      await cli?.db.destroy();
      await server?.close();
    });

    it("empties the running server's cached content as soon as the command is done", async () => {
      const visitor = new Visitor(server.url);
      expect((await visitor.get('/')).body).toContain('Juniper &amp; Oak');
      await until(() => server.app.invalidationBus.connected);
      // The CLI's write: the server's own connection never sees it.
      await cli.db.updateTable('sites').set({ title: 'Juniper Renamed' }).where('id', '=', DEMO_SITE_ID).execute();
      const heard = server.app.invalidationBus.stats.received;
      await announceOutsideWrite(cli.db, { redisUrl: bus.redisUrl, log: quiet });
      await until(() => server.app.invalidationBus.stats.received > heard);
      expect((await visitor.get('/')).body).toContain('Juniper Renamed');
    });
  });
}

describe('a CLI write on one SQLite process', () => {
  it('needs no bus: nothing is announced and nothing fails', async () => {
    const sqlite = openDatabase({ sqliteFile: ':memory:' });
    try {
      await expect(announceOutsideWrite(sqlite.db, { log: quiet })).resolves.toBeUndefined();
    } finally {
      await sqlite.db.destroy();
    }
  });
});
