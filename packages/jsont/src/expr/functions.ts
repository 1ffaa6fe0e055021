/** Functions callable from expressions: `max(a, b)`, `num(x)` … */
import type { Literal } from './tokens.js';
import { bool, num, str, toBool, toNumber, toStr } from './tokens.js';

type ExprFunction = (args: readonly Literal[]) => Literal | undefined;

function pick(args: readonly Literal[], better: (a: number, b: number) => boolean): Literal | undefined {
  if (args.length === 0) return undefined;
  let best = toNumber(args[0] as Literal);
  for (let i = 1; i < args.length; i++) {
    const n = toNumber(args[i] as Literal);
    if (!better(best, n)) best = n;
  }
  return num(best);
}

export const FUNCTIONS: Readonly<Record<string, ExprFunction>> = {
  max: (args) => pick(args, (a, b) => a > b),
  min: (args) => pick(args, (a, b) => a < b),
  abs: (args) => (args.length > 0 ? num(Math.abs(toNumber(args[0] as Literal))) : undefined),
  num: (args) => (args.length > 0 ? num(toNumber(args[0] as Literal)) : undefined),
  str: (args) => (args.length > 0 ? str(toStr(args[0] as Literal)) : undefined),
  bool: (args) => (args.length > 0 ? bool(toBool(args[0] as Literal)) : undefined),
};
