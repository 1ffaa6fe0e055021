#!/usr/bin/env node
// Restock benchmark: 1,000 sign-ups for one sold-out variant, then POST …/restock/send/all twice at
// once against a real server (fresh database) and an in-process SMTP server. Reports the wall time
// until both calls answered, the CPU time spent meanwhile (server, SMTP server and client all run in
// this process), the messages received and whether any address got two.
// Run: node --conditions=source --import tsx bench/restock/index.mjs   (BENCH_DIALECT=postgres optional)
import { SMTPServer } from 'smtp-server';
import { newId } from '../../packages/server/src/platform/ids.ts';
import { startTestServer } from '../../packages/server/src/testing.ts';
import { createOwner, signInOwner } from '../../packages/server/test/auth-helpers.ts';

const SIGNUPS = Number(process.env.BENCH_RESTOCK_SIGNUPS ?? 1000);
const DIALECT = process.env.BENCH_DIALECT ?? 'sqlite';
const API = '/api/site-users/account/notifications/restock';

const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) received.push(rcpt.address);
      done();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = smtp.server.address().port;
const server = await startTestServer({
  dialect: DIALECT,
  config: { smtpUrl: `smtp://127.0.0.1:${port}/?pool=true&maxConnections=8&ignoreTLS=true` },
});
try {
  const variant = await server.db
    .selectFrom('product_variants')
    .innerJoin('items', 'items.id', 'product_variants.item_id')
    .select(['items.id as productId', 'items.site_id as siteId', 'product_variants.id as variantId'])
    .where('items.url_id', '=', 'linen-shirt')
    .where('product_variants.qty_in_stock', '<=', 0)
    .executeTakeFirstOrThrow();
  const start = Date.now();
  const rows = Array.from({ length: SIGNUPS }, (_, i) => ({
    id: newId(),
    site_id: variant.siteId,
    product_id: variant.productId,
    variant_id: variant.variantId,
    sku: 'bench',
    email: `bench-${i}@example.com`,
    join_mailing_list: 0,
    state: 'pending',
    created_at: new Date(start + i).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 200)
    await server.db
      .insertInto('restock_signups')
      .values(rows.slice(i, i + 200))
      .execute();
  await createOwner(server.db, { email: 'bench@example.com', password: 'bench-password', roles: [1] });
  const owner = await signInOwner(server.url, 'bench@example.com', 'bench-password');
  const body = { sendRequests: [{ productId: variant.productId, variantId: variant.variantId }] };

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const answers = await Promise.all([owner.post(`${API}/send/all`, body), owner.post(`${API}/send/all`, body)]);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const unique = new Set(received).size;
  console.log(`restock send/all ×2 concurrently (${DIALECT}): ${SIGNUPS} sign-ups`);
  console.log(
    `  statuses ${answers.map((a) => a.status).join(', ')}; sent ${answers.map((a) => a.body.sent).join(' + ')}`,
  );
  console.log(
    `  messages received ${received.length}, distinct addresses ${unique}, duplicates ${received.length - unique}`,
  );
  console.log(`  wall time ${(ms / 1000).toFixed(2)} s (${((SIGNUPS / ms) * 1000).toFixed(0)} messages/s)`);
  // Server, SMTP server and client share this process: its CPU time is what the work costs on a quiet machine.
  console.log(`  CPU time of this process ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`);
  if (received.length !== SIGNUPS || unique !== SIGNUPS) process.exitCode = 1;
} finally {
  await server.close();
  await new Promise((resolve) => smtp.close(resolve));
}
