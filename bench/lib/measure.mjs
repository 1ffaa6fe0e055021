import { readFileSync } from 'node:fs';

// Small timing helpers shared by the benchmarks: fixed-time rounds, medians, formatting.
//
// The machine is shared, so each round reports two rates: per wall-clock second, and per
// CPU-second of this process (process.cpuUsage), which other processes on the machine disturb
// much less. Ratios are taken between contenders measured in the same interleaved rounds.

/** Run `fn` repeatedly for about `ms` milliseconds; returns { wall, cpu } operations per second. */
export function opsPerSecond(fn, ms) {
  let ops = 0;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const until = started + ms;
  let now = started;
  // Check the clock every few calls so the clock itself costs little.
  while (now < until) {
    for (let i = 0; i < 8; i++) fn();
    ops += 8;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { wall: (ops * 1000) / (now - started), cpu: (ops * 1000) / Math.max(cpuMs, 1e-3) };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Measure several contenders in interleaved rounds (A B C, A B C, …) so drift on a shared
 * machine hits all of them alike. Returns the median wall and CPU rates of each.
 */
export function compare(contenders, { warmupMs = 300, roundMs = 600, rounds = 3 } = {}) {
  for (const c of contenders) opsPerSecond(c.fn, warmupMs);
  const samples = contenders.map(() => []);
  for (let r = 0; r < rounds; r++) {
    contenders.forEach((c, i) => {
      samples[i].push(opsPerSecond(c.fn, roundMs));
    });
  }
  return contenders.map((c, i) => ({
    name: c.name,
    opsPerSec: median(samples[i].map((s) => s.wall)),
    opsPerCpuSec: median(samples[i].map((s) => s.cpu)),
  }));
}

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function table(rows) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => String(r[col]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, col) => (col === 0 ? String(cell).padEnd(widths[col]) : String(cell).padStart(widths[col])))
        .join('  '),
    )
    .join('\n');
}

// CPU time of a process (Linux /proc; clock ticks of 10 ms), so a server's figures can be given per
// CPU-second of the server, which the other processes on a shared machine distort far less.
const CLOCK_TICKS = 100;
export function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
