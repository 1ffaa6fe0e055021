import { readFileSync, writeFileSync } from 'node:fs';

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
