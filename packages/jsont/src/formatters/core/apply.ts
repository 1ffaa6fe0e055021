/** `apply`: render a macro or partial with the value as its node. */
import type { Formatter, FormatterTable } from '../../plugin.js';

const apply: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (first === undefined) return;
    const name = args[0];
    if (name === undefined) {
      first.value = '';
      return;
    }
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
    first.value = ctx.applyPartial(name, first.value, { private: isPrivate, args: bound }) ?? '';
  },
};

export const APPLY_FORMATTERS: FormatterTable = { apply };
