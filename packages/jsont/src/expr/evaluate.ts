/** Runs the postfix programs of an expression against the render's scope. */
import type { Runtime } from '../runtime/context.js';
import { FUNCTIONS } from './functions.js';
import type { Literal, Token } from './tokens.js';
import { bool, NULL, num, str, toBool, toNumber, toStr } from './tokens.js';

/** A token as a value: variables are resolved; objects, arrays and markers are not values. */
function literal(rt: Runtime, t: Token | undefined): Literal | undefined {
  if (t === undefined) return undefined;
  switch (t.kind) {
    case 'num':
    case 'str':
    case 'bool':
    case 'null':
      return t;
    case 'var': {
      const v = rt.resolveFrom(t.path, rt.frame);
      switch (typeof v) {
        case 'boolean':
          return bool(v);
        case 'number':
          return num(v);
        case 'string':
          return str(v);
        case 'undefined':
          return NULL;
        default:
          return v === null ? NULL : undefined;
      }
    }
    default:
      return undefined;
  }
}

export interface EvalLimits {
  readonly maxStringLength: number;
}

/** Report an evaluation error (type `expression` unless given); returns undefined so callers can `return fail(...)`. */
type Fail = (message: string, type?: 'expression' | 'limit') => undefined;

/** Evaluate one program; the value left on top of the stack is its result. */
export function evaluateProgram(
  rt: Runtime,
  program: readonly Token[],
  limits: EvalLimits,
  fail: Fail,
): Literal | undefined {
  const stack: (Token | undefined)[] = [];
  for (const t of program) {
    switch (t.kind) {
      case 'num':
      case 'str':
      case 'bool':
      case 'null':
      case 'var':
      case 'args':
        stack.push(t);
        continue;
      case 'call': {
        const args: Literal[] = [];
        while (stack.length > 0 && stack[stack.length - 1]?.kind !== 'args') {
          const arg = literal(rt, stack.pop());
          if (arg !== undefined) args.push(arg);
        }
        stack.pop();
        args.reverse();
        const fn = FUNCTIONS[t.name];
        const result = fn?.(args);
        if (result === undefined) return fail(`Error calling function ${t.name}`);
        stack.push(result);
        continue;
      }
      case 'op':
        break;
    }
    const top = stack.length - 1;
    switch (t.name) {
      case 'minus':
      case 'plus':
      case 'lnot':
      case 'bnot': {
        if (top < 0) continue;
        const arg = literal(rt, stack[top]);
        if (arg === undefined) stack[top] = undefined;
        else if (t.name === 'minus') stack[top] = num(-1 * toNumber(arg));
        else if (t.name === 'plus') stack[top] = num(toNumber(arg));
        else if (t.name === 'lnot') stack[top] = bool(!toBool(arg));
        else stack[top] = num(~toNumber(arg));
        continue;
      }
      case 'asn': {
        const value = literal(rt, stack.pop());
        const target = stack.pop();
        if (target?.kind === 'var' && value !== undefined && target.path.length === 1) {
          const name = target.path[0];
          if (typeof name === 'string' && name[0] === '@') rt.setVar(name, value.value);
        }
        return undefined;
      }
      default:
        break;
    }
    const b = literal(rt, stack.pop());
    const a = literal(rt, stack.pop());
    if (a === undefined || b === undefined) return fail(`Invalid arguments to operator ${t.desc}`);
    let r: Literal;
    switch (t.name) {
      case 'mul':
        r = num(toNumber(a) * toNumber(b));
        break;
      case 'div':
        r = num(toNumber(a) / toNumber(b));
        break;
      case 'add':
        if (a.kind === 'str' || b.kind === 'str') {
          const sa = toStr(a);
          const sb = toStr(b);
          if (sa.length + sb.length > limits.maxStringLength) {
            return fail(`Concatenation would exceed maximum string length ${limits.maxStringLength}`, 'limit');
          }
          r = str(sa + sb);
        } else r = num(toNumber(a) + toNumber(b));
        break;
      case 'sub':
        r = num(toNumber(a) - toNumber(b));
        break;
      case 'pow':
        r = num(toNumber(a) ** toNumber(b));
        break;
      case 'mod':
        r = num(toNumber(a) % toNumber(b));
        break;
      case 'shl':
        r = num(toNumber(a) << toNumber(b));
        break;
      case 'shr':
        r = num(toNumber(a) >> toNumber(b));
        break;
      // Comparisons follow JavaScript's own loose rules on the raw values.
      case 'lt':
        r = bool((a.value as number) < (b.value as number));
        break;
      case 'lteq':
        r = bool((a.value as number) <= (b.value as number));
        break;
      case 'gt':
        r = bool((a.value as number) > (b.value as number));
        break;
      case 'gteq':
        r = bool((a.value as number) >= (b.value as number));
        break;
      case 'eq':
        // biome-ignore lint/suspicious/noDoubleEquals: the language defines == as JavaScript's loose equality
        r = bool(a.value == b.value);
        break;
      case 'neq':
        // biome-ignore lint/suspicious/noDoubleEquals: the language defines != as JavaScript's loose inequality
        r = bool(a.value != b.value);
        break;
      case 'seq':
        r = bool(a.value === b.value);
        break;
      case 'sneq':
        r = bool(a.value !== b.value);
        break;
      case 'band':
        r = num(toNumber(a) & toNumber(b));
        break;
      case 'bxor':
        r = num(toNumber(a) ^ toNumber(b));
        break;
      case 'bor':
        r = num(toNumber(a) | toNumber(b));
        break;
      case 'land':
        r = bool(toBool(a) && toBool(b));
        break;
      case 'lor':
        r = bool(toBool(a) || toBool(b));
        break;
      default:
        return fail(`Unexpected operator found during evaluation: ${t.desc}`);
    }
    stack.push(r);
  }
  const result = stack[stack.length - 1];
  if (result === undefined) return undefined;
  const value = literal(rt, result);
  if (value === undefined) return fail('Reduce error: unexpected token on stack');
  return value;
}
