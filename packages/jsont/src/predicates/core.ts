/** The language's core predicates (the reference's "core" area). */
import type { Predicate, PredicateTable, RenderContext } from '../plugin.js';
import { asBoolean, asNumber, asString, deepEquals, isTruthy } from '../runtime/values.js';

const JSON_START = /^["\d[{]|^-\d|^(true|false|null)$/;

/** An argument is either JSON (`"text"`, `3`, `true`) or a variable path. */
type Operand = { readonly literal: true; readonly value: unknown } | { readonly literal: false; readonly path: string };

/** Parsed operands per (frozen) argument list, so JSON is parsed once per template. */
const operandCache = new WeakMap<readonly string[], readonly Operand[]>();

function operands(args: readonly string[]): readonly Operand[] {
  let ops = operandCache.get(args);
  if (ops === undefined) {
    ops = args.map((arg): Operand => {
      if (JSON_START.test(arg)) {
        try {
          return { literal: true, value: JSON.parse(arg) };
        } catch {
          // not JSON after all: a path
        }
      }
      return { literal: false, path: arg };
    });
    if (Object.isFrozen(args)) operandCache.set(args, ops);
  }
  return ops;
}

function operandValue(op: Operand, ctx: RenderContext): unknown {
  return op.literal ? op.value : ctx.resolve(op.path);
}

/** Compare like the reference: numbers numerically, strings by code unit, else equal-or-not. */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const n = asNumber(b);
      return a < n ? -1 : a === n ? 0 : 1;
    }
    case 'string': {
      const s = asString(b);
      return a < s ? -1 : a === s ? 0 : 1;
    }
    case 'boolean': {
      const v = asBoolean(b);
      return a === v ? 0 : a ? 1 : -1;
    }
    default:
      return deepEquals(a === undefined ? null : a, b === undefined ? null : b) ? 0 : -1;
  }
}

function comparison(test: (a: unknown, b: unknown) => boolean): Predicate {
  return {
    apply(args, ctx) {
      if (args.length === 0) return false;
      const ops = operands(args);
      if (args.length === 1) return test(ctx.node(), operandValue(ops[0] as Operand, ctx));
      return test(operandValue(ops[0] as Operand, ctx), operandValue(ops[1] as Operand, ctx));
    },
  };
}

/** `equal?`: deep equality, missing reading as null. */
export const sameValue = (a: unknown, b: unknown): boolean =>
  deepEquals(a === undefined ? null : a, b === undefined ? null : b);

function parity(remainder: 0 | 1): Predicate {
  return {
    apply(args, ctx) {
      const value = args.length >= 1 ? ctx.resolve(args[0] as string) : ctx.node();
      return typeof value === 'number' && Math.abs(value) % 2 === remainder;
    },
  };
}

export const CORE_PREDICATES: PredicateTable = {
  'debug?': { apply: (_args, ctx) => isTruthy(ctx.resolve('debug')) },
  'equal?': comparison(sameValue),
  'notEqual?': comparison((a, b) => !sameValue(a, b)),
  'greaterThan?': comparison((a, b) => compareValues(a, b) > 0),
  'greaterThanOrEqual?': comparison((a, b) => compareValues(a, b) >= 0),
  'lessThan?': comparison((a, b) => compareValues(a, b) < 0),
  'lessThanOrEqual?': comparison((a, b) => compareValues(a, b) <= 0),
  'even?': parity(0),
  'odd?': parity(1),
  'nth?': {
    apply(args, ctx) {
      if (args.length === 0) return false;
      const ops = operands(args);
      let value = ctx.node();
      let modulus = operandValue(ops[0] as Operand, ctx);
      if (args.length === 2) {
        value = modulus;
        modulus = operandValue(ops[1] as Operand, ctx);
      }
      if (!Number.isInteger(value) || !Number.isInteger(modulus) || modulus === 0) return false;
      return Math.abs(value as number) % Math.abs(modulus as number) === 0;
    },
  },
  'plural?': { apply: (_args, ctx) => asNumber(ctx.node()) > 1 },
  'singular?': { apply: (_args, ctx) => asNumber(ctx.node()) === 1 },
};
