#!/usr/bin/env node
// Memory under sustained load (issue 20): the built server on loopback with a fresh SQLite DATA_DIR
// (the seeded demo site), given BENCH_REQUESTS mixed requests (default 1,000,000) by autocannon in
// chunks of BENCH_CHUNK (a tenth of the run: 100,000 of a million): home page, product page,
// collection page, blog post, the bare GET /api/health and add to cart (each add a new visitor with
// its own address and cart), one in six each, in random order. After every chunk it reads the server's resident memory (/proc/<pid>/status
// VmRSS) and prints it; the figure is the growth from the first chunk to the last (target: within 20 %).
// Not in the default `npm run bench` run (a million requests take 40 minutes to hours on this shared
// machine); stopped early (Ctrl-C, SIGTERM) it prints the chunks measured so far:
//   node bench/sites/memory.mjs            BENCH_REQUESTS=300000 node bench/sites/memory.mjs
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startNodeFlags, startServer } from '../../e2e/support/server.mjs';
import { fmt, table } from '../lib/measure.mjs';
import { mb, measureChunk } from './process-memory.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
/** RSS is read after every chunk: a tenth of the run unless told (100,000 of a million). */
const CHUNK = Number(process.env.BENCH_CHUNK ?? Math.ceil(REQUESTS / 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const GROWTH_LIMIT = 0.2;

function pageContext(html) {
  const match = /<script[^>]*id="tessera-context"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('the product page has no <script id="tessera-context">');
  return JSON.parse(match[1]);
}

process.stderr.write('  starting the server…\n');
// TRUST_PROXY: each simulated visitor carries its own address (X-Forwarded-For), so the per-address
// cart limit (120 a minute) applies per visitor as in production, not to the whole load.
// The server runs with the Node flags `npm start` gives it unless BENCH_NODE_FLAGS says otherwise.
const NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS === undefined
    ? startNodeFlags()
    : process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
const server = await startServer({ env: { TRUST_PROXY: '1' }, nodeFlags: NODE_FLAGS, timeoutMs: 180_000 });

/** Chunks measured so far: table rows and RSS after each (printed at the end, or when stopped early). */
const rows = [['requests', 'RSS MB', 'peak MB', 'req/server CPU-s', 'req/s', 'not 2xx', 'load average']];
const rss = [];
const started = Date.now();

function report() {
  if (rss.length === 0) return;
  const firstChunk = rss[0];
  const last = rss.at(-1);
  const growth = (last.bytes - firstChunk.bytes) / firstChunk.bytes;
  const early = last.done < REQUESTS ? ` (stopped after ${fmt(last.done)} of ${fmt(REQUESTS)})` : '';
  console.log(
    `memory: ${fmt(last.done)} mixed requests${early} (home, product, collection, blog post, health, add to cart; 1/6 each) in chunks of ${fmt(CHUNK)}, ${CONNECTIONS} connections, loopback, SQLite, server \`node ${NODE_FLAGS.join(' ') || '(no flags)'} cli.js start\`, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(
    table(rows)
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  console.log(
    `  resident memory after ${fmt(firstChunk.done)}: ${mb(firstChunk.bytes)} MB; after ${fmt(last.done)}: ${mb(last.bytes)} MB; growth ${(growth * 100).toFixed(1)} %, ratio ${(last.bytes / firstChunk.bytes).toFixed(3)} (target within ${GROWTH_LIMIT * 100} %: ${Math.abs(growth) <= GROWTH_LIMIT ? 'met' : 'not met'})`,
  );
}

// Stopped early (Ctrl-C, a timeout): the chunks measured so far are still printed.
const stopAndExit = (signal) => {
  report();
  server.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
};
process.once('SIGINT', stopAndExit);
process.once('SIGTERM', stopAndExit);

let failed = false;
try {
  const base = server.url;
  const first = await fetch(`${base}/shop/p/sticker-pack`);
  const crumb = /crumb=([^;]+)/.exec(first.headers.getSetCookie().join('; '))?.[1];
  if (!crumb) throw new Error('the first page view set no crumb cookie');
  const sticker = pageContext(await first.text()).product;
  const variant = sticker?.structuredContent?.variants?.find((v) => v.unlimited);
  if (!variant) throw new Error('sticker-pack has no unlimited variant to add');
  const cookie = `crumb=${crumb}`;
  const pages = ['/', '/shop/p/linen-shirt', '/shop', '/blog/caring-for-linen', '/api/health'];
  for (const path of pages) {
    const r = await fetch(`${base}${path}`, { headers: { cookie } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}`);
  }
  const addBody = JSON.stringify({ itemId: sticker.id, sku: variant.sku, quantity: 1 });

  let visitor = 0;
  const mixed = (req) => {
    const pick = Math.floor(Math.random() * (pages.length + 1));
    if (pick < pages.length) return { ...req, method: 'GET', path: pages[pick], body: undefined };
    visitor++;
    const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    return {
      ...req,
      method: 'POST',
      path: '/api/commerce/shopping-cart/entries',
      headers: {
        ...req.headers,
        'content-type': 'application/json',
        'x-csrf-token': crumb,
        'x-forwarded-for': address,
      },
      body: addBody,
    };
  };

  let done = 0;
  let other = 0;
  while (done < REQUESTS) {
    const amount = Math.min(CHUNK, REQUESTS - done);
    const chunk = await measureChunk(server.pid, () =>
      autocannon({
        url: base,
        connections: CONNECTIONS,
        amount,
        headers: { cookie },
        requests: [{ method: 'GET', setupRequest: mixed }],
      }),
    );
    done += amount;
    other += chunk.failed;
    rss.push({ done, bytes: chunk.bytes });
    rows.push([...chunk.row(done), loadavg()[0].toFixed(1)]);
    process.stderr.write(`  ${fmt(done)} requests: RSS ${mb(rss.at(-1).bytes)} MB\n`);
  }
  report();
  if (other > 0) {
    console.log(`  ${fmt(other)} answers were not 2xx or failed`);
    failed = true;
  }
} catch (error) {
  console.error(`bench/sites/memory failed: ${error instanceof Error ? error.stack : String(error)}`);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
