/** Formatter chains that run as plain calls on the value (see `compileDirectChain`). */
import { FRAME_FREE, VALUE_FUNCTIONS } from '../plugin.js';
import type { Exec, Runtime } from '../runtime/context.js';
import { FrameSlot } from '../runtime/frame.js';
import { outputText, VOID } from '../runtime/values.js';
import type { BoundFormatter } from './bound.js';
import type { Resolver } from './paths.js';
import { reportThrown } from './thrown.js';

type ValueFunction = (value: unknown, args: readonly string[], ctx: Runtime) => unknown;

/**
 * A one-variable chain of frame-free value formatters (`{title|html}`, `{x|truncate 5|url-encode}`)
 * runs as plain calls on the value: no frame, no variable list.
 */
export function compileDirectChain(resolve: Resolver, chain: readonly BoundFormatter[]): Exec | undefined {
  const fns: ValueFunction[] = [];
  let frameFree = true;
  for (const f of chain) {
    const fn = VALUE_FUNCTIONS.get(f.impl);
    if (fn === undefined) return undefined;
    if (!FRAME_FREE.has(f.impl)) frameFree = false;
    fns.push(fn);
  }
  if (!frameFree) return framedChain(resolve, chain, fns);
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

/**
 * A one-variable chain of value formatters some of which read the render (`date`, `money`: the
 * site's time zone, the locale): the value is the current frame while they run, as in the general
 * path, but without a variable list.
 */
function framedChain(resolve: Resolver, chain: readonly BoundFormatter[], fns: readonly ValueFunction[]): Exec {
  const slot = new FrameSlot();
  return (rt) => {
    let value = resolve(rt);
    const outer = rt.frame;
    const frame = slot.enter(rt, value);
    let ok = true;
    try {
      for (let i = 0; i < fns.length; i++) {
        const f = chain[i] as BoundFormatter;
        if (value === VOID && !f.voidAware) value = undefined;
        value = (fns[i] as ValueFunction)(value, f.args, rt);
        if (!rt.checkValue(value)) {
          ok = false;
          break;
        }
      }
    } catch (e) {
      reportThrown(rt, 'formatter', 'Unexpected error in formatter', e);
      ok = false;
    }
    slot.leave(rt, frame, outer);
    if (ok && value !== VOID) rt.out += outputText(value);
  };
}
