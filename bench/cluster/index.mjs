#!/usr/bin/env node
// Cross-node staleness (issue 18): two server instances on one database, each with its own
// connections and content cache. For each of 50 writes (a store manager's stock change through
// node A) node B's product page is viewed every ~2 ms until it shows the write; the figure is the
// time from the write's answer to B's first fresh page. Runs over PostgreSQL LISTEN/NOTIFY and over
// Redis pub/sub (when PostgreSQL / Redis answer), and once with no bus at all, for comparison
// (then only the 2 s expiry makes the write visible).
// Run: node --conditions=source --import tsx bench/cluster/index.mjs   (BENCH_CLUSTER_WRITES=50)
import { DIALECTS } from '../../packages/server/src/testing.ts';
import {
  measureStaleness,
  percentile,
  startTwoNodes,
  storeManager,
} from '../../packages/server/test/cluster-helpers.ts';
import { REDIS_URL, redisReachable } from '../../packages/server/test/redis-stores.ts';

const WRITES = Number(process.env.BENCH_CLUSTER_WRITES ?? 50);

async function run(label, dialect, config, writes = WRITES) {
  const nodes = await startTwoNodes(dialect, config);
  try {
    const writer = await storeManager(nodes.a);
    const delays = await measureStaleness({ writer, reader: nodes.b, writes });
    const fmt = (ms) => `${ms.toFixed(1)} ms`;
    console.log(
      `| ${label} | ${nodes.b.app.invalidationBus.kind} | ${writes} | ${fmt(percentile(delays, 50))} | ${fmt(percentile(delays, 99))} | ${fmt(Math.max(...delays))} |`,
    );
  } finally {
    await nodes.close();
  }
}

console.log(`cross-node staleness, ${WRITES} writes each (write answered → other node's page fresh)\n`);
console.log('| set-up | bus | writes | p50 | p99 | max |');
console.log('|---|---|---:|---:|---:|---:|');
const redis = await redisReachable();
if (DIALECTS.includes('postgres')) await run('PostgreSQL, LISTEN/NOTIFY', 'postgres', {});
else console.log('| PostgreSQL | (not reachable: skipped) | | | | |');
if (redis) {
  if (DIALECTS.includes('postgres')) await run('PostgreSQL, Redis pub/sub', 'postgres', { redisUrl: REDIS_URL });
  await run('SQLite file shared by two nodes, Redis pub/sub', 'sqlite', { redisUrl: REDIS_URL });
} else console.log('| Redis | (not reachable: skipped) | | | | |');
// No bus (SQLite, no Redis): what another process's write waited for before issue 18.
await run('SQLite file shared by two nodes, no bus (before)', 'sqlite', {}, Math.min(WRITES, 10));
process.exit(0);
