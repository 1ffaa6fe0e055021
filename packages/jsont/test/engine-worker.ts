/**
 * A worker thread that compiles and renders cases for the fuzz tests, so a run that never ends is
 * stopped (and reported) instead of hanging the suite. The worker measures each run itself: CPU
 * time with `process.cpuUsage()` around the compile and renders, and the JS heap with
 * `process.memoryUsage().heapUsed` (collected before the run, read right after it, so the figure
 * covers what the run allocated and had not yet freed). Its heap is also capped by
 * `resourceLimits`, so a run that needs more fails outright.
 */
import { Worker } from 'node:worker_threads';
import type { Limits } from '../src/index.js';

export interface Case {
  template: string;
  json: unknown;
  partials?: Record<string, string> | null;
  injects?: Record<string, unknown>;
  options?: { locale?: string; now?: number; enableExpr?: boolean; enableInclude?: boolean; preprocess?: boolean };
  /** Data built inside the worker (too big or too deep to send): `json.a` becomes this value. */
  build?: { kind: 'deep-array' | 'deep-object'; depth: number } | { kind: 'string'; text: string; repeat: number };
}

export interface Outcome {
  threw?: string;
  outputLength: number;
  limitErrors: number;
  /** The most errors one render reported. */
  errorCount: number;
  /** Length of `JSON.stringify(errors)` of the last render (-1 when it threw). */
  errorsJsonLength: number;
  /** Error messages that leak a raw JavaScript stack overflow. */
  stackOverflows: number;
  /** Wall-clock milliseconds (for the time-out only). */
  ms: number;
  /** CPU milliseconds of the compile and renders, measured in the worker. */
  cpuMs: number;
  /** MB the JS heap grew by during the run, measured in the worker (meaningful only with `measureHeap`). */
  heapMb: number;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const v8 = require('node:v8');
const vm = require('node:vm');
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
function build(spec) {
  if (spec.kind === 'string') return spec.text.repeat(spec.repeat);
  let value = 1;
  for (let i = 0; i < spec.depth; i++) value = spec.kind === 'deep-array' ? [value] : { a: value };
  return value;
}
import('tsx/esm/api')
  .then(({ register }) => { register(); return import(workerData.engine); })
  .then((engine) => {
    parentPort.on('message', ({ id, c, limits }) => {
      const outcome = { outputLength: 0, limitErrors: 0, errorCount: 0, errorsJsonLength: -1, stackOverflows: 0 };
      let json = c.json;
      if (c.build) json = { ...json, a: build(c.build) };
      // A full collection per run costs tens of milliseconds: only when the heap is measured.
      if (workerData.measureHeap) gc();
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      try {
        const compiled = engine.compile(c.template, { preprocess: c.options?.preprocess, limits });
        if (!compiled || !compiled.template || !Array.isArray(compiled.errors)) throw new Error('compile returned ' + typeof compiled);
        const options = { ...c.options, partials: c.partials ?? undefined, injects: c.injects, limits, timeZone: 'America/New_York' };
        for (const input of [compiled.template, c.template]) {
          const result = engine.render(input, json, options);
          if (typeof result.output !== 'string') throw new Error('render returned no output string');
          outcome.outputLength = Math.max(outcome.outputLength, result.output.length);
          outcome.limitErrors += result.errors.filter((e) => e.type === 'limit').length;
          outcome.errorCount = Math.max(outcome.errorCount, result.errors.length);
          outcome.stackOverflows += result.errors.filter((e) => /call stack/i.test(e.message)).length;
          outcome.errorsJsonLength = JSON.stringify(result.errors).length;
        }
      } catch (error) {
        outcome.threw = error && error.stack ? String(error.stack).split('\\n').slice(0, 6).join('\\n') : String(error);
      }
      const cpu = process.cpuUsage(cpuBefore);
      outcome.cpuMs = (cpu.user + cpu.system) / 1000;
      outcome.ms = performance.now() - started;
      outcome.heapMb = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / 1048576;
      parentPort.postMessage({ id, outcome });
    });
    parentPort.postMessage({ ready: true });
  });
`;

export class EngineWorker {
  private worker!: Worker;
  private nextId = 0;
  private pending = new Map<number, (o: Outcome) => void>();
  /** Told when the worker dies (out of memory) during a run. */
  private onDeath: ((reason: string) => void) | undefined;

  constructor(
    private readonly limits: Limits,
    /** A run slower than this (wall clock) counts as not finishing; the worker is restarted. */
    private readonly timeoutMs: number,
    private readonly maxHeapMb = 768,
    /** Collect garbage before each run so `heapMb` means what the run kept (slow: only where it is asserted). */
    private readonly measureHeap = false,
  ) {}

  async start() {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: ['--conditions=source'],
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
      workerData: { engine: new URL('../src/index.ts', import.meta.url).href, measureHeap: this.measureHeap },
    });
    this.worker.on('error', (e) => this.onDeath?.(`the worker died: ${e.message}`));
    this.worker.on('message', (m: { ready?: true; id: number; outcome: Outcome }) => {
      if (m.ready) return;
      this.pending.get(m.id)?.(m.outcome);
      this.pending.delete(m.id);
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: true }) => {
        if (m.ready) {
          this.worker.off('message', onMessage);
          resolve();
        }
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
    });
  }

  /** Render one case; a run that does not finish in time (or dies) restarts the worker and is reported. */
  async run(c: Case, limits: Partial<Limits> = this.limits): Promise<Outcome> {
    const id = this.nextId++;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<Outcome>((resolve) => this.pending.set(id, resolve));
    const stopped = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`did not finish within ${this.timeoutMs} ms`), this.timeoutMs);
      this.onDeath = resolve;
    });
    this.worker.postMessage({ id, c, limits: { ...this.limits, ...limits } });
    const result = await Promise.race([done, stopped]);
    clearTimeout(timer);
    this.onDeath = undefined;
    if (typeof result === 'string') {
      this.pending.delete(id);
      await this.worker.terminate();
      await this.start();
      const failed = { outputLength: 0, limitErrors: 0, errorCount: 0, errorsJsonLength: -1, stackOverflows: 0 };
      return { ...failed, threw: result, ms: this.timeoutMs, cpuMs: this.timeoutMs, heapMb: 0 };
    }
    return result;
  }

  async stop() {
    await this.worker?.terminate();
  }
}
