/** `.eval` instructions: compiled expression closures. */
import type { Exec } from '../runtime/context.js';

export function compileEval(_code: string): Exec {
  return () => {};
}
