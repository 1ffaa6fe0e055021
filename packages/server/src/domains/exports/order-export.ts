import { fromMinorUnits } from '@tessera/core';
import { CUSTOMER_COLUMNS, ORDER_COLUMNS } from '@tessera/core/contracts/exports';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../platform/db/schema.js';
import { csvRow } from '../forms/index.js';

export { CUSTOMER_COLUMNS, ORDER_COLUMNS };

// Orders and customers as CSV (issue 19), for the owner's download in the editor and for
// `tessera export orders|customers`. Orders: one row per order line, the order's own columns
// repeated on each (what spreadsheets and accounting imports expect, as Shopify and Squarespace
// do). Customers: one row per e-mail address, from orders and site accounts. Written in pages, so a
// shop with many orders never holds them all in memory. Cells a spreadsheet would run as a formula
// are kept as text (`domains/forms/csv.ts`).

const PAGE = 500;

/** Minor units as a decimal in the currency's own digits: 1250 USD → "12.50", 1250 JPY → "1250". */
export function decimalAmount(minor: number, currency: string): string {
  return fromMinorUnits(minor, currency);
}

function parsed<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

interface LineRow {
  order_id: string;
  title: string;
  sku: string;
  attributes: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

function orderCells(order: OrderRow): string[] {
  const money = (minor: number) => decimalAmount(minor, order.currency);
  const address = parsed<Record<string, string> | null>(order.shipping_address, null) ?? {};
  const coupons = parsed<{ code?: string }[]>(order.coupons, []);
  const shipping = parsed<{ name?: string } | null>(order.shipping_option, null);
  return [
    String(order.order_number),
    order.created_at,
    order.customer_email,
    order.customer_name,
    order.payment_status,
    order.fulfillment_status,
    order.fulfilled_at ?? '',
    order.currency,
    money(order.subtotal_cents),
    money(order.discount_cents),
    coupons.map((c) => c.code ?? '').join(' '),
    money(order.shipping_cents),
    shipping?.name ?? '',
    money(order.tax_cents),
    money(order.gift_card_cents),
    money(order.grand_total_cents),
    money(order.refunded_cents),
    address.line1 ?? '',
    address.line2 ?? '',
    address.city ?? '',
    address.region ?? '',
    address.postalCode ?? '',
    address.country ?? '',
  ];
}

function lineCells(line: LineRow | undefined, currency: string): string[] {
  if (!line) return ['', '', '', '', '', ''];
  const attributes = Object.values(parsed<Record<string, string>>(line.attributes, {})).join(' / ');
  return [
    String(line.quantity),
    line.title,
    attributes,
    line.sku,
    decimalAmount(line.unit_price_cents, currency),
    decimalAmount(line.line_total_cents, currency),
  ];
}

/** The orders CSV of a site, oldest first, in chunks (the header first). */
export async function* orderCsv(db: Kysely<Database>, siteId: string): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(ORDER_COLUMNS)}`;
  let after = 0;
  for (;;) {
    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('order_number', '>', after)
      .orderBy('order_number')
      .limit(PAGE)
      .execute();
    if (orders.length === 0) return;
    const lines = await db
      .selectFrom('order_lines')
      .select(['order_id', 'title', 'sku', 'attributes', 'quantity', 'unit_price_cents', 'line_total_cents'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .orderBy('order_id')
      .orderBy('id')
      .execute();
    const byOrder = new Map<string, LineRow[]>();
    for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
    let chunk = '';
    for (const order of orders) {
      const head = orderCells(order);
      const own: (LineRow | undefined)[] = byOrder.get(order.id) ?? [undefined];
      for (const line of own) chunk += csvRow([...head, ...lineCells(line, order.currency)]);
    }
    yield chunk;
    after = (orders.at(-1) as OrderRow).order_number;
  }
}

interface Customer {
  email: string;
  name: string;
  accountCreatedAt: string;
  /** Per currency: paid orders, money kept (total less refunds), first and last order. */
  spent: Map<string, { orders: number; keptMinor: number; first: string; last: string }>;
}

/**
 * The customers CSV of a site: everyone who ordered or has an account, by e-mail address (case
 * folded), one row per currency they paid in (a row without orders for an account that never
 * bought). Unpaid orders count neither as orders nor as money spent.
 */
export async function customerCsv(db: Kysely<Database>, siteId: string): Promise<string> {
  const customers = new Map<string, Customer>();
  const customer = (email: string) => {
    const key = email.trim().toLowerCase();
    let found = customers.get(key);
    if (!found) {
      found = { email: email.trim(), name: '', accountCreatedAt: '', spent: new Map() };
      customers.set(key, found);
    }
    return found;
  };
  const accounts = await db
    .selectFrom('site_users')
    .select(['email', 'first_name', 'last_name', 'created_at'])
    .where('site_id', '=', siteId)
    .execute();
  for (const account of accounts) {
    const c = customer(account.email);
    c.accountCreatedAt = account.created_at;
    c.name = `${account.first_name} ${account.last_name}`.trim();
  }
  const orders = await db
    .selectFrom('orders')
    .select(['customer_email', 'customer_name', 'currency', 'grand_total_cents', 'refunded_cents', 'created_at'])
    .where('site_id', '=', siteId)
    .where('payment_status', 'in', ['paid', 'refunded'])
    .orderBy('created_at')
    .execute();
  for (const order of orders) {
    const c = customer(order.customer_email);
    if (!c.accountCreatedAt) c.name = order.customer_name;
    const spent = c.spent.get(order.currency) ?? { orders: 0, keptMinor: 0, first: order.created_at, last: '' };
    spent.orders += 1;
    spent.keptMinor += order.grand_total_cents - order.refunded_cents;
    spent.last = order.created_at;
    c.spent.set(order.currency, spent);
  }
  let csv = `\uFEFF${csvRow(CUSTOMER_COLUMNS)}`;
  const sorted = [...customers.values()].sort((a, b) => a.email.localeCompare(b.email));
  for (const c of sorted) {
    const account = c.accountCreatedAt ? 'yes' : 'no';
    if (c.spent.size === 0) csv += csvRow([c.email, c.name, account, c.accountCreatedAt, '0', '', '', '', '']);
    for (const [currency, s] of c.spent) {
      csv += csvRow([
        c.email,
        c.name,
        account,
        c.accountCreatedAt,
        String(s.orders),
        currency,
        decimalAmount(s.keptMinor, currency),
        s.first,
        s.last,
      ]);
    }
  }
  return csv;
}
