import { describe, expect, it } from 'vitest';
import { compile, render } from './index.js';
import type { FormatterTable } from './plugin.js';

describe('render', () => {
  it('renders variables, sections, repeated sections and alternates', () => {
    const src = '{title}: {.repeated section xs}{@index}={@}{.alternates with}, {.or}none{.end}';
    expect(render(src, { title: 'T', xs: ['a', 'b'] }).output).toBe('T: 1=a, 2=b');
    expect(render(src, { title: 'T', xs: [] }).output).toBe('T: none');
  });

  it('reuses a compiled template without re-parsing', () => {
    const { template, errors } = compile('{a.b}');
    expect(errors).toEqual([]);
    expect(render(template, { a: { b: 1 } }).output).toBe('1');
    expect(render(template, { a: { b: 2 } }).output).toBe('2');
  });

  it('never reads inherited members of objects', () => {
    expect(render('{constructor}{toString}{a.constructor}{a.hasOwnProperty}', { a: {} }).output).toBe('');
  });

  it('drops an instruction whose formatter throws, records why, and keeps rendering', () => {
    const throwing: FormatterTable = {
      boom: {
        apply() {
          throw new Error('bad');
        },
      },
    };
    const result = render('{a|boom}-{a}', { a: 'x' }, { formatters: throwing });
    expect(result.output).toBe('-x');
    expect(result.errors).toEqual([{ type: 'formatter', message: 'Unexpected error in formatter: bad' }]);
  });

  it('renders partials through apply and reports missing ones', () => {
    const partials = { p: 'Hi {name}' };
    expect(render('{person|apply p}', { person: { name: 'Ann' } }, { partials }).output).toBe('Hi Ann');
    const missing = render('{person|apply q}', { person: {} }, { partials });
    expect(missing.errors).toEqual([
      { type: 'partial', message: "Attempt to apply partial 'q' which could not be found." },
    ]);
  });

  it('reports a partial that fails to parse and renders it empty', () => {
    const result = render('[{@|apply p}]', {}, { partials: { p: 'x{.section a}' } });
    expect(result.output).toBe('[]');
    expect(result.errors.map((e) => e.type)).toEqual(['partial', 'partial']);
    expect(result.errors[0]?.message).toContain('Parse of partial "p" failed');
  });

  it('stops partial recursion at depth 16', () => {
    const result = render('{@|apply p}', 1, { partials: { p: '{@}{@|apply p}' } });
    expect(result.output).toBe('1'.repeat(16));
    expect(result.errors).toEqual([
      { type: 'limit', message: "Attempt to apply partial 'p' exceeded maximum recursion depth of 16" },
    ]);
  });

  it('binds injects, ctx and var', () => {
    const src = '{.inject @cfg cfg.json}{.ctx @c x=a.b}{.var @v a.b|html}{@cfg.k} {@c.x} {@v}';
    const out = render(src, { a: { b: '<' } }, { injects: { 'cfg.json': { k: 'K' } } }).output;
    expect(out).toBe('K < &lt;');
  });

  it('can switch off expressions and includes', () => {
    expect(render('{.eval 1+1}', {}, { enableExpr: false }).output).toBe('');
    expect(render('{.macro m}x{.end}{.include m output}', {}, { enableInclude: false }).output).toBe('');
    expect(render('{.macro m}x{.end}{.include m output}', {}).output).toBe('x');
  });
});

describe('limits', () => {
  it('stops runaway loops with a limit error', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i);
    const result = render('{.repeated section xs}{@}{.end}', { xs }, { limits: { maxIterations: 10 } });
    expect(result.output).toBe('0123456789');
    expect(result.errors).toEqual([{ type: 'limit', message: 'Render exceeded the maximum of 10 iterations' }]);
  });

  it('stops output past the maximum size', () => {
    const xs = Array.from({ length: 100 }, () => 'abcdefghij');
    const result = render('{.repeated section xs}{@}{.end}', { xs }, { limits: { maxOutputLength: 50 } });
    expect(result.output.length).toBe(50);
    expect(result.errors[0]?.type).toBe('limit');
  });

  it('bounds exponential partial fan-out', () => {
    const partials = { p: '{@|apply p}{@|apply p}{@|apply p}{@|apply p}' };
    const started = Date.now();
    const result = render('{@|apply p}', 1, { partials, limits: { maxIterations: 5000 } });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.errors.some((e) => e.type === 'limit')).toBe(true);
  });

  it('honours a smaller partial depth', () => {
    const result = render('{@|apply p}', 1, { partials: { p: '{@}{@|apply p}' }, limits: { maxPartialDepth: 3 } });
    expect(result.output).toBe('111');
  });

  it('limits expression size and concatenated string length', () => {
    const tokens = render('{.eval 1+1+1+1}', {}, { limits: { maxExpressionTokens: 3 } });
    expect(tokens.errors[0]?.type).toBe('limit');
    expect(tokens.errors[0]?.message).toContain('Expression exceeds the maximum number of allowed tokens: 3');
    const long = render("{.eval 'abc' + 'def'}", {}, { limits: { maxStringLength: 4 } });
    expect(long.output).toBe('');
    expect(long.errors[0]?.message).toContain('Concatenation would exceed maximum string length 4');
  });
});

describe('partial cache', () => {
  it('notices an edited partials map', () => {
    const partials: Record<string, string> = { p: 'one' };
    expect(render('{@|apply p}', {}, { partials }).output).toBe('one');
    partials.p = 'two';
    expect(render('{@|apply p}', {}, { partials }).output).toBe('two');
  });
});

describe('rendering sources', () => {
  it('reports syntax errors on every render of a cached source', () => {
    for (let i = 0; i < 2; i++) {
      expect(render('x{.end}', {}).errors).toEqual([
        { type: 'syntax', message: 'Instruction END not allowed at root', line: 1, column: 2 },
      ]);
    }
  });

  it('keeps the preprocessor pass apart from the normal pass', () => {
    expect(render('{^a}{a}', { a: 1 }, { preprocess: true }).output).toBe('1{a}');
    expect(render('{^a}{a}', { a: 1 }).output).toBe('1');
  });
});
