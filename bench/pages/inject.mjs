#!/usr/bin/env node
// In-process page cost: the built server (startTestServer, fresh seeded SQLite database) answers
// Fastify inject requests one at a time; reports the process CPU time per request for each route,
// RUNS rounds of N requests after 20 warm-up requests, and the median round.
// Run: npm run build && node bench/pages/inject.mjs   (N=200 RUNS=5 by default)
// DUMP=<dir>/ also writes each page's HTML there, to compare outputs between two builds.
import { writeFileSync } from 'node:fs';
import { startTestServer } from '../../packages/server/dist/testing.js';

const N = Number(process.env.N || 200);
const RUNS = Number(process.env.RUNS || 5);
const routes = ['/', '/shop/p/linen-shirt', '/blog', '/gallery'];
const server = await startTestServer({ dialect: 'sqlite' });
const { app } = server;
for (const route of routes) {
  for (let i = 0; i < 20; i++) {
    const answer = await app.inject({ url: route });
    if (answer.statusCode !== 200) throw new Error(`${route} answered ${answer.statusCode}`);
  }
}
const rounds = new Map(routes.map((route) => [route, []]));
for (let k = 0; k < RUNS; k++) {
  for (const route of routes) {
    const start = process.cpuUsage();
    for (let i = 0; i < N; i++) await app.inject({ url: route });
    const used = process.cpuUsage(start);
    rounds.get(route).push((used.user + used.system) / 1e3 / N);
  }
}
for (const route of routes) {
  const sorted = [...rounds.get(route)].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${route.padEnd(22)} ${median.toFixed(2)} ms CPU per request (rounds ${sorted.map((x) => x.toFixed(2)).join(' ')})`,
  );
}
if (process.env.DUMP) {
  for (const route of routes) {
    writeFileSync(`${process.env.DUMP}${route.replace(/\W/g, '_')}.html`, (await app.inject({ url: route })).body);
  }
}
await server.close();
process.exit(0);
