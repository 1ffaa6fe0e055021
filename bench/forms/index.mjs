#!/usr/bin/env node
// Forms benchmark: the built server on loopback with a fresh SQLite DATA_DIR, loaded by autocannon.
// Figures, each as a ratio against the bare GET /api/health measured in the same run:
// submission keys issued, newsletter submissions stored (each with its own one-time key), captcha
// challenges issued; then the server-side cost of verifying one solved captcha, in process.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { ROOT, startServer } from '../../e2e/support/server.mjs';
import { fmt, table } from '../lib/measure.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
/** Submissions sent in the timed run, each spending one key issued before it. */
const SUBMISSIONS = Number(process.env.BENCH_FORM_SUBMISSIONS ?? 1000);

function cookiesFrom(response) {
  const jar = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return jar;
}

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

/** Finds the number whose SHA-256 with the salt is the challenge (what the browser does). */
function solve(challenge) {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (
      createHash('sha256')
        .update(challenge.salt + n)
        .digest('hex') === challenge.challenge
    ) {
      return Buffer.from(JSON.stringify({ ...challenge, number: n, maxnumber: undefined })).toString('base64');
    }
  }
  throw new Error('challenge has no solution');
}

/** Sequential awaited calls for about `ms`: per wall-clock second and per CPU-second of this process. */
async function verifyRate(fn, ms) {
  for (let i = 0; i < 200; i++) await fn();
  let ops = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < ms) {
    await fn();
    ops++;
  }
  const cpu = process.cpuUsage(cpuStart);
  const wallS = (performance.now() - started) / 1000;
  return { opsPerSec: ops / wallS, opsPerCpuSec: ops / ((cpu.user + cpu.system) / 1e6) };
}

process.stderr.write('  starting the server…\n');
const server = await startServer({
  env: { TRUST_PROXY: '1', FORM_SUBMISSIONS_PER_IP: '1000000', FORM_SUBMISSIONS_PER_FORM: '1000000' },
});
let failed = false;
try {
  const base = server.url;
  const page = await fetch(`${base}/contact`);
  if (!page.ok) throw new Error(`GET /contact answered ${page.status}`);
  const { crumb } = cookiesFrom(page);
  const headers = { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` };

  await autocannon({ connections: CONNECTIONS, duration: 1, url: `${base}/api/health` }); // warm-up
  const health = await measure('GET /api/health (bare route)', { url: `${base}/api/health` });

  // Keys issued here are the ones the submissions below spend, one each.
  const keys = [];
  const issue = await measure('POST /api/form/FormSubmissionKey', {
    url: `${base}/api/form/FormSubmissionKey`,
    requests: [
      {
        method: 'POST',
        headers,
        onResponse: (status, body) => {
          if (status === 200) keys.push(JSON.parse(body).key);
        },
      },
    ],
  });

  let sent = 0;
  const save = await measure('POST /api/form/SaveFormSubmission (newsletter)', {
    url: `${base}/api/form/SaveFormSubmission`,
    amount: Math.min(keys.length, SUBMISSIONS),
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req) => {
          const key = keys[sent];
          sent++;
          const form = JSON.stringify({ email: `reader${sent}@example.com` });
          return { ...req, body: JSON.stringify({ key, form, formId: 'newsletter-form' }) };
        },
      },
    ],
  });

  const challenges = await measure('GET /api/form/captcha-challenge', { url: `${base}/api/form/captcha-challenge` });

  // Verification cost, in process with the server's own captcha module: a solved payload checked
  // again and again (verification only; the spent-signature insert is part of the submission).
  process.stderr.write('  measuring captcha verification…\n');
  const dist = (file) => pathToFileURL(join(ROOT, 'packages/server/dist', file)).href;
  const { createCaptcha } = await import(dist('forms/captcha.js'));
  const captcha = createCaptcha(undefined, { hmacKey: 'bench-key', maxNumber: 50_000, ttlMs: 600_000 });
  const payload = solve(await captcha.challenge());
  const solveStarted = performance.now();
  for (let i = 0; i < 5; i++) solve(await captcha.challenge());
  const solveMs = (performance.now() - solveStarted) / 5;
  if (!(await captcha.verify(payload)).ok) throw new Error('the solved captcha did not verify');
  const verify = await verifyRate(() => captcha.verify(payload), 1000);

  console.log(
    `forms: ${CONNECTIONS} connections, ${DURATION_S} s per timed route, loopback, SQLite in a fresh DATA_DIR`,
  );
  const rows = [['route', 'req/s', 'p99 ms', 'vs bare', '2xx', 'other']];
  for (const r of [health, issue, save, challenges]) {
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
  const stored = save.ok;
  console.log(`  submissions stored: ${fmt(stored)} of ${fmt(sent)} sent (each with its own key)`);
  const perVerifyUs = 1e6 / verify.opsPerCpuSec;
  console.log(
    `  captcha verification: ${fmt(verify.opsPerCpuSec)} per CPU-second (${perVerifyUs.toFixed(1)} µs each, ${(verify.opsPerCpuSec / health.rps).toFixed(1)}× the bare route's req/s); solving one in Node takes ${solveMs.toFixed(1)} ms at maxnumber 50,000`,
  );
  if (save.other > 0 || issue.other > 0) failed = true;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
