import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../export-command.js';
import { CUSTOMER_COLUMNS, decimalAmount, ORDER_COLUMNS } from '../order-export.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { itemIdOf } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const ADMIN = { email: 'export-admin@example.com', password: 'an export admin passphrase 3' };
const EDITOR = { email: 'export-editor@example.com', password: 'an export editor passphrase 3' };

/** A CSV as rows of cells (the exports quote with RFC 4180 rules), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

async function buy(server: TestServer, email: string, name: string, items: [string, number][]) {
  const visitor = Visitor.of(server);
  for (const [urlId, quantity] of items) {
    const item = await server.db
      .selectFrom('product_variants')
      .select('sku')
      .where('item_id', '=', await itemIdOf(server, urlId))
      .where((eb) => eb.or([eb('qty_in_stock', '>', 5), eb('unlimited', '=', 1)]))
      .executeTakeFirstOrThrow();
    const added = await visitor.post('/api/commerce/shopping-cart/entries', {
      itemId: await itemIdOf(server, urlId),
      sku: item.sku,
      quantity,
    });
    expect(added.status).toBe(200);
  }
  const placed = await visitor.post('/api/checkout/orders', cardOrder({ email, name }));
  expect(placed.status).toBe(201);
  return placed.body.order as { orderNumber: number; grandTotalCents: number };
}

describe('decimalAmount', () => {
  it("writes minor units in the currency's own digits", () => {
    expect(decimalAmount(1250, 'USD')).toBe('12.50');
    expect(decimalAmount(5, 'EUR')).toBe('0.05');
    expect(decimalAmount(1250, 'JPY')).toBe('1250');
    expect(decimalAmount(12345, 'KWD')).toBe('12.345');
  });
});

describe.each(DIALECTS)('orders and customers as CSV on %s', (dialect) => {
  let first: { orderNumber: number; grandTotalCents: number };
  let second: { orderNumber: number; grandTotalCents: number };

  const suite = suiteServer(dialect, {}, { checkoutOrders: { perIp: 100_000, timeWindowMs: 60_000 } });
  beforeAll(async () => {
    await createOwner(suite.server.db, { ...ADMIN, roles: [WebsiteRole.ADMIN] });
    await createOwner(suite.server.db, { ...EDITOR, roles: [WebsiteRole.EDITOR] });
    first = await buy(suite.server, 'Ada@Example.com', '=HYPERLINK("http://evil.example")', [
      ['wool-scarf', 1],
      ['sticker-pack', 2],
    ]);
    second = await buy(suite.server, 'ada@example.com', 'Ada Lovelace', [['sticker-pack', 1]]);
  }, 60_000);

  it('gives the store owner one row per order line, the order repeated on each, formulas kept as text', async () => {
    const owner = await signInOwner(suite.server.url, ADMIN.email, ADMIN.password);
    const answer = await owner.get('/api/config/exports/orders.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
    const [header, ...rows] = parseCsv(answer.body as string);
    expect(header).toEqual([...ORDER_COLUMNS]);
    const col = (name: (typeof ORDER_COLUMNS)[number]) => ORDER_COLUMNS.indexOf(name);
    const ofFirst = rows.filter((r) => r[col('Order number')] === String(first.orderNumber));
    expect(ofFirst).toHaveLength(2);
    expect(ofFirst.map((r) => r[col('Total')])).toEqual([
      decimalAmount(first.grandTotalCents, 'USD'),
      decimalAmount(first.grandTotalCents, 'USD'),
    ]);
    expect(ofFirst[0]?.[col('Name')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(ofFirst.map((r) => r[col('Line quantity')]).sort()).toEqual(['1', '2']);
    expect(ofFirst[0]?.[col('Shipping city')]).toBe('Hudson');
    const ofSecond = rows.filter((r) => r[col('Order number')] === String(second.orderNumber));
    expect(ofSecond).toHaveLength(1);
  });

  it('gives customers by e-mail address, case folded, with paid orders and money kept', async () => {
    const owner = await signInOwner(suite.server.url, ADMIN.email, ADMIN.password);
    const answer = await owner.get('/api/config/exports/customers.csv');
    expect(answer.status).toBe(200);
    const [header, ...rows] = parseCsv(answer.body as string);
    expect(header).toEqual([...CUSTOMER_COLUMNS]);
    const ada = rows.filter((r) => r[0]?.toLowerCase() === 'ada@example.com');
    expect(ada).toHaveLength(1);
    expect(ada[0]?.slice(4, 7)).toEqual([
      '2',
      'USD',
      decimalAmount(first.grandTotalCents + second.grandTotalCents, 'USD'),
    ]);
  });

  it('is for store owners only', async () => {
    const editor = await signInOwner(suite.server.url, EDITOR.email, EDITOR.password);
    for (const path of ['/api/config/exports/orders.csv', '/api/config/exports/customers.csv']) {
      expect((await editor.get(path)).status).toBe(403);
      expect((await new Visitor(suite.server.url).get(path)).status).toBe(401);
    }
  });

  it('runs as `tessera export orders` and `export customers`', async () => {
    const orders = await exportCommand(suite.server.db, ['orders']);
    expect(orders.stderr).toMatch(/^\d+ order line row\(s\) exported\.$/);
    expect(orders.stdout).toContain(String(second.orderNumber));
    const customers = await exportCommand(suite.server.db, ['customers']);
    expect(customers.stdout.split('\r\n')[0]).toContain('Email,Name,Account');
    await expect(exportCommand(suite.server.db, ['orders', 'extra'])).rejects.toThrow('Usage: tessera export');
  });
});
