import type { ImportPhase } from '@tessera/core/contracts/imports';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

// How far an import job is (issue 19), written to its `imports` row for the owner's polls.

/** The phases an import passes through while it runs. */
export type WorkPhase = Extract<ImportPhase, 'reading' | 'media' | 'checking' | 'writing'>;

/**
 * What an import says about itself while it runs. `step` never waits: the import may call it from
 * inside its own transaction, and on SQLite a write through another query would wait for that very
 * transaction to end.
 */
export interface ImportProgress {
  /** `done` of `total` in `phase` (files copied, products checked, posts written…). */
  step(phase: WorkPhase, done: number, total: number): void;
  warn(text: string): void;
  /** Writes what was said so far and waits for it (called just before the import's transaction opens). */
  settle?(): Promise<void>;
}

/** Each phase's share of the bar; a phase the import skips (no media to copy) takes none. */
const WEIGHTS: Record<WorkPhase, number> = { reading: 5, media: 45, checking: 20, writing: 70 };

/** The whole import's percentage, from the phases it goes through and where it is in one of them. */
export function percentOf(phases: readonly WorkPhase[], phase: WorkPhase, done: number, total: number): number {
  const sum = phases.reduce((s, p) => s + WEIGHTS[p], 0);
  const index = phases.indexOf(phase);
  if (index < 0 || sum === 0) return 0;
  const before = phases.slice(0, index).reduce((s, p) => s + WEIGHTS[p], 0);
  const within = total > 0 ? Math.min(1, done / total) : 0;
  // 100 only once the import's row says done.
  return Math.min(99, Math.floor(((before + WEIGHTS[phase] * within) / sum) * 100));
}

/** How long a claim holds without a write from its run; every progress write renews it. */
export const CLAIM_MS = 120_000;
/** Progress is written at most this often (and the claim renewed at least this often when idle). */
const WRITE_EVERY_MS = 250;
const HEARTBEAT_MS = 20_000;
const MAX_WARNINGS = 100;

export interface ProgressWriter extends ImportProgress {
  /** Writes what is pending and waits for it; call outside the import's transaction only. */
  settle(): Promise<void>;
  /** Stops the heartbeat and waits for the write under way (outside the transaction). */
  close(): Promise<void>;
  readonly warnings: readonly string[];
  /** Where the import is now (written or not yet). */
  readonly position: { phase: WorkPhase; done: number; total: number };
}

/**
 * The progress of one claimed run of import `id`, written to its row at most every 250 ms and only
 * while the row is still this run's (`running`, same `attempts`), so a late write never undoes the
 * end. Phases only move forward and the percentage only grows. A heartbeat renews the claim while a
 * long step (one large download) says nothing.
 */
export function progressWriter(
  db: Kysely<Database>,
  run: { id: string; attempt: number; phases: readonly WorkPhase[] },
  log: { warn(object: object, message: string): void },
): ProgressWriter {
  let phase: WorkPhase = run.phases[0] ?? 'reading';
  let done = 0;
  let total = 0;
  let percent = 0;
  const warnings: string[] = [];
  let dirty = true;
  let writing: Promise<void> | undefined;
  let lastWrite = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  /** Writes now, or when 250 ms have passed since the last write; never two at once. */
  function schedule(): void {
    if (closed || writing || timer) return;
    const wait = WRITE_EVERY_MS - (Date.now() - lastWrite);
    if (wait <= 0) {
      void write();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      if (dirty) schedule();
    }, wait);
    timer.unref();
  }

  function write(): Promise<void> {
    if (writing) return writing;
    dirty = false;
    lastWrite = Date.now();
    const at = new Date();
    const values = {
      phase,
      done,
      total,
      percent,
      warnings: JSON.stringify(warnings),
      claimed_until: new Date(at.getTime() + CLAIM_MS).toISOString(),
      updated_at: at.toISOString(),
    };
    writing = db
      .updateTable('imports')
      .set(values)
      .where('id', '=', run.id)
      .where('state', '=', 'running')
      .where('attempts', '=', run.attempt)
      .execute()
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, importId: run.id }, 'import progress not written'),
      )
      .finally(() => {
        writing = undefined;
        if (dirty) schedule();
      });
    return writing;
  }

  const heartbeat = setInterval(() => {
    if (!writing) void write();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    step(next, nextDone, nextTotal) {
      const order = run.phases.indexOf(next);
      if (order < run.phases.indexOf(phase)) return;
      phase = next;
      done = Math.max(0, nextDone);
      total = Math.max(0, nextTotal);
      percent = Math.max(percent, percentOf(run.phases, phase, done, total));
      dirty = true;
      schedule();
    },
    warn(text) {
      if (warnings.length >= MAX_WARNINGS || warnings.includes(text)) return;
      warnings.push(text);
      dirty = true;
      schedule();
    },
    get warnings() {
      return warnings;
    },
    get position() {
      return { phase, done, total };
    },
    async settle() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (writing || dirty) await (writing ?? write());
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      timer = undefined;
      await writing;
    },
  };
}
