import { describe, expect, it } from 'vitest';
import { render } from '../index.js';

const evaluate = (expr: string, json: unknown = {}) => render(`{.eval ${expr}}`, json);

describe('.eval', () => {
  it('computes with precedence, associativity and parentheses', () => {
    expect(evaluate('1 + 2 * 3').output).toBe('7');
    expect(evaluate('(1 + 2) * 3').output).toBe('9');
    expect(evaluate('2 ** 3 ** 2').output).toBe('512');
    expect(evaluate('10 - 4 - 3').output).toBe('3');
    expect(evaluate('-2 ** 2').output).toBe('4');
  });

  it('reads numbers, strings and escapes', () => {
    expect(evaluate('1.5e3').output).toBe('1500');
    expect(evaluate('0x1f').output).toBe('31');
    expect(evaluate("'a\\tb\\x41\\u00e9'").output).toBe('a\tbAé');
  });

  it('assigns variables visible after the instruction', () => {
    expect(render('{.eval @x = n * 2}{@x}', { n: 21 }).output).toBe('42');
  });

  it('calls functions', () => {
    expect(evaluate('max(1, 5, 3) + min(4, 2)').output).toBe('7');
    expect(evaluate("num('0x10') + abs(-1)").output).toBe('17');
    expect(evaluate("str(1) + bool('x')").output).toBe('1true');
  });

  it('reports the language errors', () => {
    const message = (expr: string) => evaluate(expr).errors[0]?.message ?? '';
    expect(message('foo(1)')).toContain('Invalid function foo');
    expect(message('max()')).toContain('Error calling function max');
    expect(message('1 +')).toContain('Invalid arguments to operator add');
    expect(message('a')).toBe('');
    expect(render('{.eval a}', { a: {} }).errors[0]?.message).toContain('Reduce error: unexpected token on stack');
    expect(message("'abc")).toContain('Unterminated string');
    expect(message('1.2.3')).toContain('Duplicate decimal point in number');
    expect(message('1e')).toContain('Expected a digit after exponent in decimal number');
    expect(message('(1')).toContain('Mismatched operator found: left paren');
    expect(message("'\\xZZ'")).toContain('Invalid 2-char hex escape found');
  });

  it('discards assignments when the expression fails', () => {
    expect(render('{.eval @x = 1; max()}{@x}', {}).output).toBe('');
  });

  it('prints the postfix programs in debug mode', () => {
    expect(evaluate('#1 + a * 2', { a: 3 }).output).toBe('EVAL=[[1 a 2 <multiply> <add>]] -> 7');
  });
});
