#!/usr/bin/env node
// One node against two (issue 18): `tessera start` processes on one PostgreSQL database, Redis and
// local S3 server, the two behind Debian's nginx (round-robin; packages/server/test/nginx-cluster.ts).
// For the product page and a first add to cart: requests per CPU-second of the Tessera processes
// (node A alone, addressed directly, against A and B through nginx; nginx's own CPU is not counted)
// and per wall-clock second, in interleaved rounds; then the cross-node staleness of an owner's
// stock change through A on B's product page (p50, p99). Needs PostgreSQL, Redis and nginx.
// Run: node --conditions=source --import tsx bench/nodes/index.mjs   (BENCH_ROUNDS=3 BENCH_DURATION_S=3)
// Timeout: 240 s
import { randomUUID } from 'node:crypto';
import { WebsiteRole } from '@tessera/core';
import autocannon from 'autocannon';
import { createOwner, signInOwner } from '../../packages/server/test/auth-helpers.ts';
import { percentile, stockOnPage } from '../../packages/server/test/cluster-helpers.ts';
import { NGINX, startCluster } from '../../packages/server/test/nginx-cluster.ts';
import { Visitor } from '../../packages/server/test/visitor.ts';
import { fmt, median, processCpuSeconds, table } from '../lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WRITES = Number(process.env.BENCH_STALENESS_WRITES ?? 20);

if (!NGINX) {
  console.log('nodes: nginx is not installed (apt-get install nginx): skipped');
  process.exit(0);
}

// Jobs on their default slot: the test's one-second slot would add its own CPU to both nodes.
const cluster = await startCluster({ TESSERA_JOB_INTERVAL_MS: '60000' });
try {
  const [a, b] = cluster.nodes;
  const item = await cluster.db
    .selectFrom('items')
    .select('id')
    .where('url_id', '=', 'sticker-pack')
    .executeTakeFirstOrThrow();
  await cluster.db.updateTable('product_variants').set({ unlimited: 1 }).where('sku', '=', 'STICKERS-BOT').execute();
  const addBody = JSON.stringify({ itemId: item.id, sku: 'STICKERS-BOT', quantity: 1 });
  let address = 0;
  // Each request from its own address (nginx and the nodes trust X-Forwarded-For from loopback), as
  // real visitors are: the per-address rate limits are not what this measures.
  const fromVisitor = (extra = {}) => ({
    'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    ...extra,
  });
  const routes = {
    'product page': (base) => ({
      url: `${base}/shop/p/wool-scarf`,
      requests: [{ setupRequest: (req) => ({ ...req, headers: fromVisitor() }) }],
    }),
    'add to cart': (base) => ({
      url: `${base}/api/commerce/shopping-cart/entries`,
      requests: [
        {
          method: 'POST',
          body: addBody,
          setupRequest: (req) => {
            const crumb = randomUUID();
            return {
              ...req,
              headers: fromVisitor({
                'content-type': 'application/json',
                cookie: `crumb=${crumb}`,
                'x-csrf-token': crumb,
              }),
            };
          },
        },
      ],
    }),
  };
  const setups = {
    'one node': { base: a.url, pids: [a.child.pid] },
    'two nodes, nginx': { base: cluster.url, pids: [a.child.pid, b.child.pid] },
  };

  async function measure(setup, route) {
    const cpu = () => setup.pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
    const c0 = cpu();
    const r = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...routes[route](setup.base) });
    const seconds = cpu() - c0;
    if (r.non2xx + r.errors > 0) console.log(`  ${route}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { perCpu: r['2xx'] / seconds, perWall: r['2xx'] / (DURATION_S || 1), p99: r.latency.p99 };
  }

  // Warm both set-ups (compiled templates, caches, connection pools).
  for (const setup of Object.values(setups)) for (const route of Object.keys(routes)) await measure(setup, route);
  const samples = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (const route of Object.keys(routes)) {
      for (const [name, setup] of Object.entries(setups)) {
        const key = `${route}|${name}`;
        samples.set(key, [...(samples.get(key) ?? []), await measure(setup, route)]);
      }
    }
  }
  console.log(
    `One node against two behind nginx: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s, medians\n`,
  );
  const rows = [['route', 'set-up', 'req / server CPU-s', 'vs one node', 'req / s', 'vs one node', 'p99 ms']];
  for (const route of Object.keys(routes)) {
    const one = samples.get(`${route}|one node`);
    for (const name of Object.keys(setups)) {
      const s = samples.get(`${route}|${name}`);
      const perCpu = median(s.map((x) => x.perCpu));
      const perWall = median(s.map((x) => x.perWall));
      rows.push([
        route,
        name,
        fmt(perCpu),
        `${fmt(perCpu / median(one.map((x) => x.perCpu)), 2)}×`,
        fmt(perWall),
        `${fmt(perWall / median(one.map((x) => x.perWall)), 2)}×`,
        fmt(median(s.map((x) => x.p99))),
      ]);
    }
  }
  console.log(table(rows));

  // Staleness between processes: an owner's stock change through A, B's product page polled.
  await createOwner(cluster.db, {
    email: 'bench@nodes.test',
    password: 'bench-password',
    roles: [WebsiteRole.STORE_MANAGER],
  });
  const owner = await signInOwner(a.url, 'bench@nodes.test', 'bench-password');
  const variant = await cluster.db
    .selectFrom('product_variants')
    .innerJoin('items', 'items.id', 'product_variants.item_id')
    .select(['product_variants.id', 'product_variants.sku'])
    .where('items.url_id', '=', 'wool-scarf')
    .where('product_variants.unlimited', '=', 0)
    .executeTakeFirstOrThrow();
  const onB = async () => stockOnPage((await new Visitor(b.url).get('/shop/p/wool-scarf')).body, variant.sku);
  const delays = [];
  for (let i = 0; i < WRITES; i++) {
    await onB();
    const qty = 300 + i;
    const set = await owner.put(`/api/config/inventory/${variant.id}`, { qtyInStock: qty });
    if (set.status !== 200) throw new Error(`the stock change answered ${set.status}: ${JSON.stringify(set.body)}`);
    const written = performance.now();
    while ((await onB()) !== qty && performance.now() - written < 5_000);
    delays.push(performance.now() - written);
  }
  console.log(
    `\ncross-process staleness (write through A answered → B's page fresh), ${WRITES} writes: p50 ${fmt(percentile(delays, 50), 1)} ms, p99 ${fmt(percentile(delays, 99), 1)} ms`,
  );
} finally {
  await cluster.close();
}
process.exit(0);
