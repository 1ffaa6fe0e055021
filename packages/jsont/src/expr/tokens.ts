/** Tokens and operators of the `.eval` expression language. */
import type { Path } from '../syntax/nodes.js';

export enum Assoc {
  Left = 0,
  Right = 1,
}

export interface Operator {
  readonly kind: 'op';
  readonly name: OperatorName;
  readonly prec: number;
  readonly assoc: Assoc;
  readonly desc: string;
}

export type OperatorName =
  | 'plus'
  | 'minus'
  | 'lnot'
  | 'bnot'
  | 'pow'
  | 'mul'
  | 'div'
  | 'mod'
  | 'add'
  | 'sub'
  | 'shl'
  | 'shr'
  | 'lt'
  | 'gt'
  | 'lteq'
  | 'gteq'
  | 'eq'
  | 'neq'
  | 'seq'
  | 'sneq'
  | 'band'
  | 'bxor'
  | 'bor'
  | 'land'
  | 'lor'
  | 'asn'
  | 'semi'
  | 'comma'
  | 'lparen'
  | 'rparen';

/** A literal value: what expressions compute with. */
export type Literal =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'str'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'null'; readonly value: null };

export type Token =
  | Literal
  | Operator
  | { readonly kind: 'var'; readonly path: Path }
  | { readonly kind: 'call'; readonly name: string }
  /** Marks where a call's arguments start on the evaluation stack. */
  | { readonly kind: 'args' };

const op = (name: OperatorName, prec: number, assoc: Assoc, desc: string): Operator =>
  Object.freeze({ kind: 'op', name, prec, assoc, desc });

export const OP = {
  plus: op('plus', 17, Assoc.Right, 'unary plus'),
  minus: op('minus', 17, Assoc.Right, 'unary minus'),
  lnot: op('lnot', 17, Assoc.Right, 'logical not'),
  bnot: op('bnot', 17, Assoc.Right, 'bitwise not'),
  pow: op('pow', 16, Assoc.Right, 'exponent'),
  mul: op('mul', 15, Assoc.Left, 'multiply'),
  div: op('div', 15, Assoc.Left, 'divide'),
  mod: op('mod', 15, Assoc.Left, 'modulus'),
  add: op('add', 14, Assoc.Left, 'add'),
  sub: op('sub', 14, Assoc.Left, 'subtract'),
  shl: op('shl', 13, Assoc.Left, 'left shift'),
  shr: op('shr', 13, Assoc.Left, 'right shift'),
  lt: op('lt', 12, Assoc.Left, 'less than'),
  gt: op('gt', 12, Assoc.Left, 'greater than'),
  lteq: op('lteq', 12, Assoc.Left, 'less than or equal'),
  gteq: op('gteq', 12, Assoc.Left, 'greater than or equal'),
  eq: op('eq', 11, Assoc.Left, 'equality'),
  neq: op('neq', 11, Assoc.Left, 'inequality'),
  seq: op('seq', 11, Assoc.Left, 'strict equality'),
  sneq: op('sneq', 11, Assoc.Left, 'strict inequality'),
  band: op('band', 10, Assoc.Left, 'bitwise and'),
  bxor: op('bxor', 9, Assoc.Left, 'bitwise xor'),
  bor: op('bor', 8, Assoc.Left, 'bitwise or'),
  land: op('land', 7, Assoc.Left, 'logical and'),
  lor: op('lor', 6, Assoc.Left, 'logical or'),
  asn: op('asn', 3, Assoc.Right, 'assign'),
  semi: op('semi', 1, Assoc.Left, 'semicolon'),
  comma: op('comma', 1, Assoc.Right, 'comma'),
  lparen: op('lparen', 1, Assoc.Left, 'left paren'),
  rparen: op('rparen', 1, Assoc.Left, 'right paren'),
} as const;

export const num = (value: number): Literal => ({ kind: 'num', value });
export const str = (value: string): Literal => ({ kind: 'str', value });
export const bool = (value: boolean): Literal => ({ kind: 'bool', value });
export const NULL: Literal = Object.freeze({ kind: 'null', value: null });

export const CONSTANTS: Readonly<Record<string, Literal>> = {
  null: NULL,
  true: bool(true),
  false: bool(false),
  PI: num(Math.PI),
  E: num(Math.E),
  Infinity: num(Number.POSITIVE_INFINITY),
  NaN: num(Number.NaN),
};

/** Scan a run of hex digits from `i`; returns where it stops. */
export function scanHex(s: string, i: number, end: number): number {
  let j = i;
  while (j < end) {
    const c = s.charCodeAt(j);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)) j++;
    else break;
  }
  return j;
}

/**
 * Scan a decimal number from `i`. Returns its end, or a negative code:
 * -2 exponent without digits, -3 second decimal point, -4 decimal point in the exponent.
 */
export function scanDecimal(s: string, i: number, end: number): number {
  let j = i;
  let dot = false;
  let exp = false;
  let expDigitNeeded = false;
  let expSign = false;
  while (j < end) {
    const c = s[j] as string;
    if (c === '.') {
      if (dot) return -3;
      if (exp) return -4;
      dot = true;
    } else if (c === 'e' || c === 'E') {
      if (exp) break;
      exp = true;
      expDigitNeeded = true;
    } else if (c === '-' || c === '+') {
      if (!expDigitNeeded || !exp || expSign) break;
      expSign = true;
    } else if (c >= '0' && c <= '9') {
      expDigitNeeded = false;
    } else break;
    j++;
  }
  return expDigitNeeded ? -2 : j;
}

/** Convert a literal to a number: numeric strings (decimal or 0x hex), booleans 0/1, null 0. */
export function toNumber(t: Literal): number {
  switch (t.kind) {
    case 'num':
      return t.value;
    case 'bool':
      return t.value ? 1 : 0;
    case 'null':
      return 0;
    case 'str': {
      const s = t.value;
      if (s === '') return 0;
      let i = 0;
      if (s[0] === '-' || s[0] === '+') i++;
      if (i === s.length) return Number.NaN;
      const c = s[i] as string;
      if (c === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X')) {
        return scanHex(s, i + 2, s.length) === s.length ? Number.parseInt(s, 16) : Number.NaN;
      }
      if (c < '0' || c > '9') return Number.NaN;
      return scanDecimal(s, i, s.length) === s.length ? Number.parseFloat(s) : Number.NaN;
    }
  }
}

export function toBool(t: Literal): boolean {
  switch (t.kind) {
    case 'bool':
      return t.value;
    case 'num':
    case 'str':
      return !!t.value;
    default:
      return false;
  }
}

export function toStr(t: Literal): string {
  switch (t.kind) {
    case 'bool':
      return t.value ? 'true' : 'false';
    case 'num':
      return String(t.value);
    case 'str':
      return t.value;
    case 'null':
      return 'null';
  }
}
