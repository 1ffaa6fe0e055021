/** The language's core predicates (the reference's "core" area). */
import {
  type PathReader,
  PREDICATE_BINDERS,
  PREDICATE_PLANS,
  type PlanOperand,
  type Predicate,
  type PredicatePlan,
  type PredicateTable,
  type RenderContext,
} from '../plugin.js';
import { argsMemo } from '../runtime/args-memo.js';
import { asBoolean, asNumber, asString, deepEquals, isTruthy } from '../runtime/values.js';

const JSON_START = /^["\d[{]|^-\d|^(true|false|null)$/;

/** An argument is either JSON (`"text"`, `3`, `true`) or a variable path. */
type Operand = { readonly literal: true; readonly value: unknown } | { readonly literal: false; readonly path: string };

/** Parsed operands per distinct argument list, so JSON is parsed once (literals are shared: read-only). */
const operands: (args: readonly string[]) => readonly Operand[] = argsMemo((args) =>
  args.map((arg): Operand => {
    if (JSON_START.test(arg)) {
      try {
        return { literal: true, value: JSON.parse(arg) };
      } catch {
        // not JSON after all: a path
      }
    }
    return { literal: false, path: arg };
  }),
);

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
  const predicate: Predicate = {
    apply(args, ctx) {
      if (args.length === 0) return false;
      const ops = operands(args);
      if (args.length === 1) return test(ctx.node(), operandValue(ops[0] as Operand, ctx));
      return test(operandValue(ops[0] as Operand, ctx), operandValue(ops[1] as Operand, ctx));
    },
  };
  PREDICATE_BINDERS.set(predicate, (args, bindPath) => {
    if (args.length === 0) return () => false;
    const ops = operands(args);
    const a = bindOperand(ops[0] as Operand, bindPath);
    if (args.length === 1) return (ctx) => test(ctx.node(), a(ctx));
    const b = bindOperand(ops[1] as Operand, bindPath);
    return (ctx) => test(a(ctx), b(ctx));
  });
  PREDICATE_PLANS.set(predicate, (args) => {
    if (args.length === 0) return NEVER;
    const ops = operands(args);
    const a = planOperand(ops[0] as Operand);
    if (args.length === 1) return { operands: ['node', a], test };
    return { operands: [a, planOperand(ops[1] as Operand)], test };
  });
  return predicate;
}

const NEVER: PredicatePlan = { operands: [], test: () => false };

/** An operand as a plan reads it. */
function planOperand(op: Operand): PlanOperand {
  return op.literal ? { value: op.value } : { path: op.path };
}

/** An operand as a reader: a literal's value, or its path bound once. */
function bindOperand(op: Operand, bindPath: (path: string) => PathReader): PathReader {
  if (!op.literal) return bindPath(op.path);
  const value = op.value;
  return () => value;
}

/** `equal?`: deep equality, missing reading as null. */
export const sameValue = (a: unknown, b: unknown): boolean =>
  deepEquals(a === undefined ? null : a, b === undefined ? null : b);

function parity(remainder: 0 | 1): Predicate {
  const predicate: Predicate = {
    apply(args, ctx) {
      const value = args.length >= 1 ? ctx.resolve(args[0] as string) : ctx.node();
      return typeof value === 'number' && Math.abs(value) % 2 === remainder;
    },
  };
  PREDICATE_BINDERS.set(predicate, (args, bindPath) => {
    const read = args.length >= 1 ? bindPath(args[0] as string) : (ctx: RenderContext) => ctx.node();
    return (ctx) => {
      const value = read(ctx);
      return typeof value === 'number' && Math.abs(value) % 2 === remainder;
    };
  });
  const test = (value: unknown) => typeof value === 'number' && Math.abs(value) % 2 === remainder;
  PREDICATE_PLANS.set(predicate, (args) => ({
    operands: [args.length >= 1 ? { path: args[0] as string } : 'node'],
    test: test as PredicatePlan['test'],
  }));
  return predicate;
}

function isNth(value: unknown, modulus: unknown): boolean {
  if (!Number.isInteger(value) || !Number.isInteger(modulus) || modulus === 0) return false;
  return Math.abs(value as number) % Math.abs(modulus as number) === 0;
}

const NTH: Predicate = {
  apply(args, ctx) {
    if (args.length === 0) return false;
    const ops = operands(args);
    if (args.length === 2) return isNth(operandValue(ops[0] as Operand, ctx), operandValue(ops[1] as Operand, ctx));
    return isNth(ctx.node(), operandValue(ops[0] as Operand, ctx));
  },
};
PREDICATE_BINDERS.set(NTH, (args, bindPath) => {
  if (args.length === 0) return () => false;
  const ops = operands(args);
  const first = bindOperand(ops[0] as Operand, bindPath);
  if (args.length !== 2) return (ctx) => isNth(ctx.node(), first(ctx));
  const second = bindOperand(ops[1] as Operand, bindPath);
  return (ctx) => isNth(first(ctx), second(ctx));
});
PREDICATE_PLANS.set(NTH, (args) => {
  if (args.length === 0) return NEVER;
  const ops = operands(args);
  const first = planOperand(ops[0] as Operand);
  if (args.length !== 2) return { operands: ['node', first], test: isNth as PredicatePlan['test'] };
  return { operands: [first, planOperand(ops[1] as Operand)], test: isNth as PredicatePlan['test'] };
});

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
  'nth?': NTH,
  'plural?': { apply: (_args, ctx) => asNumber(ctx.node()) > 1 },
  'singular?': { apply: (_args, ctx) => asNumber(ctx.node()) === 1 },
};
