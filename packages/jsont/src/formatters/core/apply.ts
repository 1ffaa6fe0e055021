/** `apply`: render a macro or partial with the value as its node. */
import type { FormatterTable, PartialOptions, RenderContext } from '../../plugin.js';
import { VALUE_BINDERS, valueFormatter } from '../../plugin.js';

interface ApplyCall {
  readonly name: string | undefined;
  readonly options: PartialOptions;
}

/** `apply name [private] [key=value …]`: the partial's name, privacy and bound `@args`. */
function applyCall(args: readonly string[]): ApplyCall {
  let isPrivate = false;
  const bound: Record<string, string> | undefined = args.length > 1 ? {} : undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === 'private') {
      isPrivate = true;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq !== -1 && bound !== undefined) bound[arg.slice(0, eq)] = arg.slice(eq + 1);
  }
  return { name: args[0], options: { private: isPrivate, args: bound } };
}

function applyWith(value: unknown, call: ApplyCall, ctx: RenderContext): unknown {
  if (call.name === undefined) return '';
  return ctx.applyPartial(call.name, value, call.options) ?? '';
}

const apply = valueFormatter((value, args, ctx) => applyWith(value, applyCall(args), ctx));
// Bound when the template compiles: one call (its `@args` frozen, as it is shared) per use.
VALUE_BINDERS.set(apply, (args) => {
  const call = applyCall(args);
  if (call.options.args !== undefined) Object.freeze(call.options.args);
  return (value, _args, ctx) => applyWith(value, call, ctx);
});

export const APPLY_FORMATTERS: FormatterTable = { apply };
