import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownTables } from '../src/db/own-tables.js';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { createSiteUser, type SiteUserVisitor, signInSiteUser } from './auth-helpers.js';
import { demoItemIds } from './visitor.js';

// The account area reads orders and restock sign-ups from tables later migrations add. Until they
// exist, this suite gives the database minimal stand-ins of its own and checks that each user sees
// only their rows; once the real tables exist it leaves them alone (their owners test them).

for (const dialect of DIALECTS) {
  describe(`account history (${dialect})`, () => {
    let server: TestServer;
    let a: SiteUserVisitor;
    let b: SiteUserVisitor;
    let standIns = false;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      const tables = new Set((await ownTables(server.db)).map((t) => t.name));
      standIns = !tables.has('orders') && !tables.has('restock_signups');
      const ua = await createSiteUser(server.db, { email: 'hist-a@example.com', password: 'password-a' });
      await createSiteUser(server.db, { email: 'hist-b@example.com', password: 'password-b' });
      if (standIns) {
        const db = server.db as unknown as Kysely<any>;
        await db.schema
          .createTable('orders')
          .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
          .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
          .addColumn('site_user_id', 'varchar(32)')
          .addColumn('order_number', 'varchar(32)', (c) => c.notNull())
          .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
          .addColumn('currency', 'varchar(3)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('restock_signups')
          .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
          .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
          .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
          .addColumn('sku', 'varchar(64)', (c) => c.notNull())
          .addColumn('email', 'varchar(256)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        const ids = await demoItemIds(server);
        await db
          .insertInto('orders')
          .values({
            id: 'order-a',
            site_id: ua.websiteId,
            site_user_id: ua.id,
            order_number: '1001',
            grand_total_cents: 4250,
            currency: 'USD',
            created_at: '2026-11-01T10:00:00.000Z',
          })
          .execute();
        await db
          .insertInto('restock_signups')
          .values({
            id: 'restock-a',
            site_id: ua.websiteId,
            product_id: ids['canvas-tote'],
            sku: 'TOTE-NATURAL',
            email: 'hist-a@example.com',
            created_at: '2026-11-02T10:00:00.000Z',
          })
          .execute();
      }
      a = await signInSiteUser(server.url, 'hist-a@example.com', 'password-a');
      b = await signInSiteUser(server.url, 'hist-b@example.com', 'password-b');
    });
    afterAll(async () => server?.close());

    it("lists a user's own orders and restock sign-ups, and never another's", async (context) => {
      if (!standIns) context.skip();
      const mine = await a.get('/api/site-users/account/orders');
      expect(mine.body.orders).toEqual([
        { id: 'order-a', number: '1001', placedOn: '2026-11-01', total: '$42.50', status: '' },
      ]);
      expect((await b.get('/api/site-users/account/orders')).body.orders).toEqual([]);

      const pageA = await a.get('/account');
      expect(pageA.body).toContain('Order 1001');
      expect(pageA.body).toContain('$42.50');
      expect(pageA.body).toContain('Canvas');
      const pageB = await b.get('/account');
      expect(pageB.body).not.toContain('Order 1001');
      expect(pageB.body).toContain('You have not placed any orders yet.');
      expect(pageB.body).toContain('You have not asked to hear about any product coming back in stock.');
    });
  });
}
