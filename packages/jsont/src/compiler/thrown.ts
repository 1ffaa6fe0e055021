/** What to do with an exception a formatter or predicate threw while rendering. */
import type { Runtime } from '../runtime/context.js';

/** A JavaScript stack overflow: a value (JSON, a message) nested deeper than the stack allows. */
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/** Report what a formatter or predicate threw; a stack overflow is a `limit` error. */
export function reportThrown(rt: Runtime, type: 'formatter' | 'predicate', what: string, e: unknown): void {
  if (isStackOverflow(e)) rt.error('limit', `A ${type} stopped: its value nests too deeply to process`);
  else rt.error(type, `${what}: ${e instanceof Error ? e.message : String(e)}`);
}
