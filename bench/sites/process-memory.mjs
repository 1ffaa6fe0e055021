import { readFileSync, writeFileSync } from 'node:fs';
import { fmt, processCpuSeconds } from '../lib/measure.mjs';

// Resident memory of a process from /proc/<pid>/status (Linux), in bytes: VmRSS now, VmHWM the peak.

function statusField(pid, name) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export const residentBytes = (pid) => statusField(pid, 'VmRSS');
export const peakResidentBytes = (pid) => statusField(pid, 'VmHWM');

/**
 * Starts the peak (VmHWM) over from the current size (`echo 5 > /proc/<pid>/clear_refs`), so a peak
 * read later is that of the load, not of start-up (migrations, the demo seed's pictures).
 * Answers whether the kernel took it.
 */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export const mb = (bytes) => (bytes / (1024 * 1024)).toFixed(0);

/**
 * One chunk of a long run: `run` (an autocannon call) timed in the server's CPU, then the server's
 * memory. `row(done)` is the chunk's table row: requests so far, RSS and peak MB, requests per server
 * CPU-second and per second, answers that were not 2xx.
 */
export async function measureChunk(pid, run) {
  const cpuBefore = processCpuSeconds(pid);
  const result = await run();
  const cpu = processCpuSeconds(pid) - cpuBefore;
  const bytes = residentBytes(pid);
  const peak = peakResidentBytes(pid);
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    bytes,
    failed,
    row: (done) => [
      fmt(done),
      mb(bytes),
      mb(peak),
      fmt(result.requests.total / cpu),
      fmt(result.requests.average),
      fmt(failed),
    ],
  };
}
