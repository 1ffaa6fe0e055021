import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownTables } from '../../../platform/db/own-tables.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { createSiteUser, type SiteUserVisitor, signInSiteUser } from '../../../../test/auth-helpers.js';
import { demoItemIds } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The account area lists the user's orders (checkout's `orders`) and restock sign-ups
// (`restock_signups`). Rows go straight into those tables here, with the columns the account
// area reads and harmless values for any other required column, so the test does not depend on
// the checkout and restock flows.

async function insertRow(server: TestServer, table: string, known: Record<string, unknown>): Promise<void> {
  const meta = (await ownTables(server.db)).find((t) => t.name === table);
  if (!meta) throw new Error(`the database has no ${table} table`);
  const row: Record<string, unknown> = {};
  for (const column of meta.columns) {
    if (column.name in known) row[column.name] = known[column.name];
    else if (!column.isNullable && !column.hasDefaultValue && !column.isAutoIncrementing) {
      row[column.name] = /int|numeric|real|double|decimal/i.test(column.dataType) ? 0 : 'x';
    }
  }
  await (server.db as unknown as Kysely<any>).insertInto(table).values(row).execute();
}

for (const dialect of DIALECTS) {
  describe(`account history (${dialect})`, () => {
    let a: SiteUserVisitor;
    let b: SiteUserVisitor;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      const ua = await createSiteUser(suite.server.db, { email: 'hist-a@example.com', password: 'password-a' });
      await createSiteUser(suite.server.db, { email: 'hist-b@example.com', password: 'password-b' });
      const ids = await demoItemIds(suite.server);
      await insertRow(suite.server, 'orders', {
        id: 'order-a',
        site_id: ua.websiteId,
        site_user_id: ua.id,
        customer_email: 'hist-a@example.com',
        order_number: 1001,
        grand_total_cents: 4250,
        currency: 'USD',
        status: 'paid',
        created_at: '2026-11-01T10:00:00.000Z',
      });
      await insertRow(suite.server, 'restock_signups', {
        id: 'restock-a',
        site_id: ua.websiteId,
        product_id: ids['canvas-tote'],
        variant_id: 'TOTE-NATURAL',
        sku: 'TOTE-NATURAL',
        email: 'hist-a@example.com',
        created_at: '2026-11-02T10:00:00.000Z',
      });
      a = await signInSiteUser(suite.server.url, 'hist-a@example.com', 'password-a');
      b = await signInSiteUser(suite.server.url, 'hist-b@example.com', 'password-b');
    });

    it("lists a user's own orders and restock sign-ups, and never another's", async () => {
      const mine = await a.get('/api/site-users/account/orders');
      expect(mine.body.orders).toEqual([
        { id: 'order-a', number: '1001', placedOn: '2026-11-01', total: '$42.50', status: 'paid' },
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
