#!/usr/bin/env node
// Checkout benchmark: the built server on loopback with a fresh SQLite DATA_DIR, loaded by autocannon.
// Figures, each as a ratio against the bare GET /api/health measured in the same run: checkout
// quotes (totals with shipping, tax and a coupon) and placed orders (each its own cart and
// idempotency key; stock taken in the order's transaction, payment by test card, confirmation
// mail to the outbox). Carts are written straight into the database before the timed run, so the
// cart routes' per-address rate limit does not shape the figures.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { startServer } from '../../e2e/support/server.mjs';
import { fmt, table } from '../lib/measure.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
/** Orders placed in the timed run, one prepared cart each. */
const ORDERS = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 1500);

async function measure(name, opts) {
  process.stderr.write(`  measuring ${name}…\n`);
  const limit = opts.amount === undefined ? { duration: DURATION_S } : {};
  const r = await autocannon({ connections: CONNECTIONS, ...limit, ...opts });
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  return {
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    ok: r['2xx'],
    other: r.non2xx + r.errors + r.timeouts,
    statuses,
  };
}

/** Writes `count` open carts, each holding one unit of the product, and answers their tokens. */
function prepareCarts(dataDir, urlId, count) {
  const db = new Database(join(dataDir, 'tessera.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const item = db.prepare('select id, site_id from items where url_id = ?').get(urlId);
    const variant = db.prepare('select sku from product_variants where item_id = ? order by position').get(item.id);
    const now = new Date().toISOString();
    const insertCart = db.prepare(
      "insert into carts (id, token, site_id, purchased, kind, created_at, updated_at) values (?, ?, ?, 0, 'cart', ?, ?)",
    );
    const insertEntry = db.prepare(
      'insert into cart_entries (id, cart_id, item_id, sku, quantity, additional_fields, created_at, updated_at) values (?, ?, ?, ?, 1, null, ?, ?)',
    );
    const tokens = [];
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const id = randomBytes(12).toString('hex');
        const token = randomBytes(24).toString('base64url');
        insertCart.run(id, token, item.site_id, now, now);
        insertEntry.run(randomBytes(12).toString('hex'), id, item.id, variant.sku, now, now);
        tokens.push(token);
      }
    })();
    return tokens;
  } finally {
    db.close();
  }
}

process.stderr.write('  starting the server…\n');
// Every order comes from one address: lift the per-address order limit out of the way.
const server = await startServer({ env: { CHECKOUT_ORDERS_PER_IP: '1000000' } });
let failed = false;
try {
  const base = server.url;
  const page = await fetch(`${base}/shop`);
  const crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))?.[1];
  if (!crumb) throw new Error('no crumb cookie from GET /shop');
  // The first quote writes the store's default shipping options, tax rule and coupons.
  const tokens = prepareCarts(server.dataDir, 'sticker-pack', ORDERS + 1);
  const quoteToken = tokens.pop();
  const headers = (token) => ({
    'content-type': 'application/json',
    'x-csrf-token': crumb,
    cookie: `crumb=${crumb}; CART=${token}`,
  });

  await autocannon({ connections: CONNECTIONS, duration: 1, url: `${base}/api/health` }); // warm-up
  const health = await measure('GET /api/health (bare route)', { url: `${base}/api/health` });
  const quote = await measure('POST /api/checkout/quote', {
    url: `${base}/api/checkout/quote`,
    requests: [{ method: 'POST', headers: headers(quoteToken), body: JSON.stringify({ couponCode: 'WELCOME10' }) }],
  });

  let next = 0;
  const orderBody = {
    email: 'bench@example.com',
    name: 'Bench Buyer',
    line1: '1 Main St',
    city: 'Hudson',
    postalCode: '12534',
    country: 'US',
    couponCode: 'WELCOME10',
    paymentMethod: 'card',
    cardNumber: '4242 4242 4242 4242',
  };
  const orders = await measure('POST /api/checkout/orders', {
    url: `${base}/api/checkout/orders`,
    amount: ORDERS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const token = tokens[next++ % tokens.length];
          return {
            ...req,
            headers: headers(token),
            body: JSON.stringify({ ...orderBody, idempotencyKey: randomUUID() }),
          };
        },
      },
    ],
  });

  console.log(
    `checkout: ${CONNECTIONS} connections, ${DURATION_S} s per timed route, loopback, SQLite in a fresh DATA_DIR`,
  );
  const rows = [['route', 'req/s', 'p99 ms', 'vs bare', '2xx', 'other']];
  for (const r of [health, quote, orders]) {
    rows.push([
      r.name,
      fmt(r.rps),
      fmt(r.p99),
      r === health ? '1.00×' : `${(r.rps / health.rps).toFixed(2)}×`,
      fmt(r.ok),
      r.other === 0 ? '0' : r.statuses,
    ]);
  }
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  console.log(`  orders placed: ${fmt(orders.ok)} of ${fmt(ORDERS)} prepared carts`);
  if (orders.other > 0 || quote.other > 0) failed = true;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
