/**
 * Reads expression source into tokens and arranges them, with the
 * shunting-yard algorithm, into one postfix program per `;`-separated part.
 */
import { splitPath } from '../syntax/tag.js';
import { FUNCTIONS } from './functions.js';
import type { Operator, Token } from './tokens.js';
import { Assoc, CONSTANTS, num, OP, scanDecimal, scanHex, str } from './tokens.js';

export interface ParsedExpression {
  /** Postfix programs, evaluated in order; the last one's value is the result. */
  readonly programs: readonly (readonly Token[])[];
  readonly tokenCount: number;
  readonly errors: readonly string[];
}

const VARIABLE = /(?:\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@)(?:\.(?:\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@))*/y;

const CHAR_NAMES: Readonly<Record<string, string>> = {
  '\b': 'backspace',
  '\f': 'form feed',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\t': 'tab',
};
const charName = (c: string): string => CHAR_NAMES[c] ?? (c <= '\u001f' ? 'control character' : 'character');

class Lexer {
  readonly tokens: Token[] = [];
  readonly errors: string[] = [];

  constructor(readonly src: string) {}

  push(t: Token): void {
    if (this.errors.length > 0) return;
    let token = t;
    const top = this.tokens[this.tokens.length - 1];
    if (token.kind === 'op') {
      if (token === OP.add || token === OP.sub) {
        if (top === undefined || (top.kind === 'op' && top !== OP.rparen))
          token = token === OP.sub ? OP.minus : OP.plus;
      } else if (token === OP.lparen && top !== undefined && top.kind === 'var' && top.path.length === 1) {
        const name = top.path[0];
        if (typeof name === 'string' && Object.hasOwn(FUNCTIONS, name)) {
          this.tokens[this.tokens.length - 1] = { kind: 'call', name };
        } else {
          this.errors.push(`Invalid function ${String(name)}`);
          return;
        }
      }
    }
    this.tokens.push(token);
  }

  run(): void {
    const s = this.src;
    const len = s.length;
    let i = 0;
    while (i < len && this.errors.length === 0) {
      const c0 = s[i] as string;
      const c1 = s[i + 1];
      if (c0 >= '0' && c0 <= '9') {
        i = c0 === '0' && (c1 === 'x' || c1 === 'X') ? this.hex(i + 2) : this.decimal(i);
        if (i < 0) return;
        continue;
      }
      switch (c0) {
        case '"':
        case "'":
          i = this.string(i + 1, c0);
          if (i < 0) return;
          continue;
        case '*':
          if (c1 === '*') {
            i++;
            this.push(OP.pow);
          } else this.push(OP.mul);
          break;
        case '/':
          this.push(OP.div);
          break;
        case '%':
          this.push(OP.mod);
          break;
        case '+':
          this.push(OP.add);
          break;
        case '-':
          this.push(OP.sub);
          break;
        case '=':
          if (c1 === '=') {
            i++;
            if (s[i + 1] === '=') {
              i++;
              this.push(OP.seq);
            } else this.push(OP.eq);
          } else this.push(OP.asn);
          break;
        case '!':
          if (c1 === '=') {
            i++;
            if (s[i + 1] === '=') {
              i++;
              this.push(OP.sneq);
            } else this.push(OP.neq);
          } else this.push(OP.lnot);
          break;
        case '<':
          if (c1 === '<' || c1 === '=') i++;
          this.push(c1 === '<' ? OP.shl : c1 === '=' ? OP.lteq : OP.lt);
          break;
        case '>':
          if (c1 === '>' || c1 === '=') i++;
          this.push(c1 === '>' ? OP.shr : c1 === '=' ? OP.gteq : OP.gt);
          break;
        case '~':
          this.push(OP.bnot);
          break;
        case '&':
          if (c1 === '&') i++;
          this.push(c1 === '&' ? OP.land : OP.band);
          break;
        case '|':
          if (c1 === '|') i++;
          this.push(c1 === '|' ? OP.lor : OP.bor);
          break;
        case '^':
          this.push(OP.bxor);
          break;
        case ',':
          this.push(OP.comma);
          break;
        case ';':
          this.push(OP.semi);
          break;
        case '(':
          this.push(OP.lparen);
          break;
        case ')':
          this.push(OP.rparen);
          break;
        case ' ':
        case '\n':
        case '\t':
        case '\r':
        case '\u00a0':
          break;
        default: {
          VARIABLE.lastIndex = i;
          const m = VARIABLE.exec(s);
          if (m === null) {
            this.errors.push(`Unexpected ${charName(c0)} at ${i}: ${JSON.stringify(c0)}`);
            return;
          }
          i = VARIABLE.lastIndex;
          const constant = Object.hasOwn(CONSTANTS, m[0]) ? CONSTANTS[m[0]] : undefined;
          this.push(constant ?? { kind: 'var', path: splitPath(m[0]) });
          continue;
        }
      }
      i++;
    }
  }

  private decimal(i: number): number {
    const j = scanDecimal(this.src, i, this.src.length);
    if (j === -2) this.errors.push('Expected a digit after exponent in decimal number');
    else if (j === -3) this.errors.push('Duplicate decimal point in number');
    else if (j === -4) this.errors.push('Unexpected decimal point in exponent');
    if (j < 0) return -1;
    this.push(num(Number.parseFloat(this.src.slice(i, j))));
    return j;
  }

  private hex(i: number): number {
    const j = scanHex(this.src, i, this.src.length);
    if (j === i) {
      this.errors.push('Expected digits after start of hex number');
      return -1;
    }
    this.push(num(Number.parseInt(this.src.slice(i, j), 16)));
    return j;
  }

  /** A quoted string starting after its opening quote; returns the index after the closing quote. */
  private string(start: number, quote: string): number {
    const s = this.src;
    const len = s.length;
    let out = '';
    let i = start;
    while (i < len) {
      const c = s[i] as string;
      if (c === '\\' && i + 1 < len) {
        const e = s[i + 1] as string;
        if (e === 'x' || e === 'u' || e === 'U') {
          const from = i + 2;
          const want = e === 'x' ? 2 : e === 'u' ? 4 : 8;
          const lim = from + want;
          const k = scanHex(s, from, Math.min(lim, len));
          if (k !== lim || (e === 'x' && lim >= len)) {
            this.errors.push(e === 'x' ? 'Invalid 2-char hex escape found' : 'Invalid unicode escape found');
            return -1;
          }
          const code = Number.parseInt(s.slice(from, k), 16);
          out += code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff ? ' ' : String.fromCodePoint(code);
          i = k;
          continue;
        }
        out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'f' ? '\f' : e === 'r' ? '\r' : e;
        i += 2;
        continue;
      }
      if (c === quote) {
        this.push(str(out));
        return i + 1;
      }
      if (c === '\n' || c === '\r') {
        this.errors.push(`Illegal bare ${charName(c)} character in string literal`);
        return -1;
      }
      out += c;
      i++;
    }
    this.errors.push('Unterminated string');
    return -1;
  }
}

const isParen = (t: Token | undefined, which: Operator): boolean => t === which;

/** Tokenise and arrange an expression. */
export function parseExpression(source: string): ParsedExpression {
  const lexer = new Lexer(source);
  lexer.run();
  const errors = lexer.errors;
  const programs: Token[][] = [];
  if (errors.length > 0) return { programs, tokenCount: lexer.tokens.length, errors };

  let out: Token[] = [];
  const ops: Token[] = [];
  const flush = (): boolean => {
    while (ops.length > 0) {
      const t = ops.pop() as Token;
      if (t === OP.lparen || t === OP.rparen) {
        errors.push(`Mismatched operator found: ${t.desc}`);
        return false;
      }
      out.push(t);
    }
    if (out.length > 0) programs.push(out);
    return true;
  };

  for (const t of lexer.tokens) {
    if (t.kind === 'call') {
      out.push({ kind: 'args' });
      ops.push(t);
      continue;
    }
    if (t.kind !== 'op') {
      out.push(t);
      continue;
    }
    if (t === OP.semi) {
      if (!flush()) return { programs: [], tokenCount: lexer.tokens.length, errors };
      out = [];
    } else if (t === OP.lparen) {
      ops.push(t);
    } else if (t === OP.comma || t === OP.rparen) {
      while (ops.length > 0 && !isParen(ops[ops.length - 1], OP.lparen)) out.push(ops.pop() as Token);
      if (t === OP.rparen) {
        if (ops.length === 0) {
          errors.push(`Mismatched operator found: ${t.desc}`);
          return { programs: [], tokenCount: lexer.tokens.length, errors };
        }
        ops.pop();
        const top = ops[ops.length - 1];
        if (top !== undefined && top.kind === 'call') out.push(ops.pop() as Token);
      }
    } else {
      for (;;) {
        const top = ops[ops.length - 1];
        if (top === undefined) break;
        if (top.kind === 'op') {
          if (top === OP.lparen) break;
          if (!(top.prec > t.prec || (top.prec === t.prec && top.assoc === Assoc.Left))) break;
        }
        out.push(ops.pop() as Token);
      }
      ops.push(t);
    }
  }
  if (!flush()) return { programs: [], tokenCount: lexer.tokens.length, errors };
  return { programs, tokenCount: lexer.tokens.length, errors };
}
