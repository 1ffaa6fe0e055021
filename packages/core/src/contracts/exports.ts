import { z } from 'zod';

// The owner's downloads of the shop's data (`/api/config/exports/*.csv`, store group; also
// `tessera export orders|customers`): orders and customers as CSV. Each answer is `text/csv`, UTF-8
// with a byte order mark, a header line of its columns, then one CRLF-ended line per row; amounts are
// plain decimals in the currency's digits, and cells a spreadsheet would run as a formula are kept as text.

/** `orders.csv`: one line per order line, oldest order first, the order's own columns on each. */
export const ORDER_COLUMNS = [
  'Order number',
  'Created at',
  'Email',
  'Name',
  'Payment status',
  'Fulfillment status',
  'Fulfilled at',
  'Currency',
  'Subtotal',
  'Discount',
  'Discount codes',
  'Shipping',
  'Shipping method',
  'Taxes',
  'Gift card',
  'Total',
  'Refunded',
  'Shipping address 1',
  'Shipping address 2',
  'Shipping city',
  'Shipping region',
  'Shipping postal code',
  'Shipping country',
  'Line quantity',
  'Line item',
  'Line variant',
  'Line SKU',
  'Line price',
  'Line total',
] as const;

/** `customers.csv`: one line per e-mail address and currency paid in (accounts that never bought too). */
export const CUSTOMER_COLUMNS = [
  'Email',
  'Name',
  'Account',
  'Account created at',
  'Orders',
  'Currency',
  'Total spent',
  'First order at',
  'Last order at',
] as const;

const csvWith = (columns: readonly string[]) =>
  z.string().startsWith(`\uFEFF${columns.join(',')}\r\n`, 'The CSV starts with its byte order mark and header.');

/** `GET /api/config/exports/orders.csv`. */
export const ordersCsv = csvWith(ORDER_COLUMNS);

/** `GET /api/config/exports/customers.csv`. */
export const customersCsv = csvWith(CUSTOMER_COLUMNS);
