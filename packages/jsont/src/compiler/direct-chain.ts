/** Formatter chains that run as plain calls on the value (see `compileDirectChain`). */
import { FRAME_FREE, VALUE_FUNCTIONS } from '../plugin.js';
import type { Exec, Runtime } from '../runtime/context.js';
import { outputText, VOID } from '../runtime/values.js';
import type { BoundFormatter } from './compile.js';
import type { Resolver } from './paths.js';
import { reportThrown } from './thrown.js';

type ValueFunction = (value: unknown, args: readonly string[], ctx: Runtime) => unknown;

/**
 * A one-variable chain of frame-free value formatters (`{title|html}`, `{x|truncate 5|url-encode}`)
 * runs as plain calls on the value: no frame, no variable list.
 */
export function compileDirectChain(resolve: Resolver, chain: readonly BoundFormatter[]): Exec | undefined {
  const fns: ValueFunction[] = [];
  for (const f of chain) {
    const fn = VALUE_FUNCTIONS.get(f.impl);
    if (fn === undefined || !FRAME_FREE.has(f.impl)) return undefined;
    fns.push(fn);
  }
  if (chain.length === 1) {
    const fn = fns[0] as ValueFunction;
    const { args, voidAware } = chain[0] as BoundFormatter;
    return (rt) => {
      let value = resolve(rt);
      try {
        if (value === VOID && !voidAware) value = undefined;
        value = fn(value, args, rt);
      } catch (e) {
        reportThrown(rt, 'formatter', 'Unexpected error in formatter', e);
        return;
      }
      if (!rt.checkValue(value)) return;
      if (value !== VOID) rt.out += outputText(value);
    };
  }
  return (rt) => {
    let value = resolve(rt);
    try {
      for (let i = 0; i < fns.length; i++) {
        const f = chain[i] as BoundFormatter;
        if (value === VOID && !f.voidAware) value = undefined;
        value = (fns[i] as ValueFunction)(value, f.args, rt);
        if (!rt.checkValue(value)) return;
      }
    } catch (e) {
      reportThrown(rt, 'formatter', 'Unexpected error in formatter', e);
      return;
    }
    if (value !== VOID) rt.out += outputText(value);
  };
}
