/**
 * Hostile input (issue 25, "Hostile input"): each numbered finding, checked on the behaviour. Time
 * and memory are asserted in fuzz-hostile.test.ts, measured inside a worker.
 */
import { describe, expect, it } from 'vitest';
import { compile, render } from '../src/index.js';
import { DEFAULT_LIMITS } from '../src/runtime/limits.js';

function fanOut(count: number, fan: number, name: (i: number) => string): Record<string, string> {
  const partials: Record<string, string> = {};
  for (let i = 0; i < count; i++) partials[name(i)] = i === count - 1 ? 'x' : `{@|apply ${name(i + 1)}}`.repeat(fan);
  return partials;
}

const noRawStackOverflow = (errors: readonly { message: string }[]) =>
  expect(errors.filter((e) => /call stack/i.test(e.message))).toEqual([]);

describe('hostile input', () => {
  it('hostile 1: every error counts against the cap; only the one that stops the render passes it, once', () => {
    const long = (i: number) => `p${'x'.repeat(50_000)}${i}`;
    const { errors } = render(`{@|apply ${long(0)}}`, {}, { partials: fanOut(30, 3, long) });
    expect(errors.length).toBe(1001);
    expect(errors[998]?.message).toMatch(/^Attempt to apply partial 'px+/);
    expect(errors[999]).toEqual({ type: 'limit', message: 'More than 999 errors: the rest are not reported' });
    expect(errors[1000]).toEqual({ type: 'limit', message: 'Render exceeded the maximum of 1000000 iterations' });
    for (const error of errors) expect(error.message.length).toBeLessThanOrEqual(1001);
    expect(JSON.stringify(errors).length).toBeLessThan(2_000_000);

    // Below the cap nothing changes: every error is kept.
    const few = render('{a|apply nope}'.repeat(10), { a: 1 });
    expect(few.errors).toHaveLength(10);
  });

  it('hostile 2: compiling is bounded by source length and instruction count, with clear errors', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => `{v${i}}`).join('');
    const tooMany = compile(many);
    expect(tooMany.errors).toEqual([
      { type: 'limit', message: 'Template not compiled: it has more than the maximum of 100000 instructions' },
    ]);
    expect(render(tooMany.template, { v1: 'a' }).output).toBe('');
    expect(render(many, { v1: 'a' }).errors[0]?.type).toBe('limit');

    const long = compile(`${'x'.repeat(DEFAULT_LIMITS.maxTemplateLength)}y`);
    expect(long.errors).toEqual([
      {
        type: 'limit',
        message: `Template not compiled: its ${DEFAULT_LIMITS.maxTemplateLength + 1} characters exceed the maximum template length of ${DEFAULT_LIMITS.maxTemplateLength}`,
      },
    ]);

    // The limits can be set per compile and per render, and apply to partials.
    expect(compile('{a}{b}{c}', { limits: { maxInstructions: 2 } }).errors[0]?.type).toBe('limit');
    expect(compile('{a}{b}', { limits: { maxInstructions: 2 } }).errors).toEqual([]);
    expect(render('{a}{b}{c}', { a: 1 }, { limits: { maxInstructions: 2 } }).errors[0]?.type).toBe('limit');
    const partial = render('[{@|apply p}]', {}, { partials: { p: '{a}{b}{c}' }, limits: { maxInstructions: 2 } });
    expect(partial.output).toBe('[]');
    expect(partial.errors[0]?.message).toContain('more than the maximum of 2 instructions');

    // Within the limits, big templates compile and render correctly.
    const decimals = compile('{a|decimal}'.repeat(50_000));
    expect(decimals.errors).toEqual([]);
    expect(render(decimals.template, { a: 1234.5 }).output).toBe('1,234.5'.repeat(50_000));
    const distinct = Array.from({ length: 20_000 }, (_, i) => `{v${i}.x|html}`).join('');
    expect(render(distinct, { v19999: { x: '<' }, v3: { x: 'b' } }).output).toBe('b&lt;');
  });

  it('hostile 3: formatters stop building past the output limit', () => {
    const limits = { maxOutputLength: 1000 };
    const big = '<a & "b">\n'.repeat(100_000);
    for (const formatter of [
      'html',
      'htmlattr',
      'htmltag',
      'url-encode',
      'encode-uri',
      'encode-space',
      'line-breaks',
      'safe',
      'slugify',
      'smartypants',
      'safe|truncate 5000',
      'html|line-breaks',
    ]) {
      const { output, errors } = render(`[{a|${formatter}}]`, { a: big }, { limits });
      // The formatter's value is dropped; the rest of the block still prints, as before.
      expect(output, formatter).toBe('[]');
      expect(errors, formatter).toEqual([
        { type: 'limit', message: 'A formatter produced more than the maximum output length of 1000 characters' },
      ]);
    }
    // format and message stop too; a value that fits is built in full.
    expect(render('{a|format b}', { a: '{0}'.repeat(1000), b: 'xy' }, { limits }).errors[0]?.type).toBe('limit');
    expect(render('{a|message}', { a: 'x'.repeat(1001) }, { limits }).errors[0]?.type).toBe('limit');
    expect(render('{a|html}', { a: '<'.repeat(250) }, { limits }).output).toBe('&lt;'.repeat(250));
    expect(render('{a|format b}', { a: '{0}-'.repeat(3), b: 'xy' }, { limits }).output).toBe('xy-xy-xy-');
  });

  it('hostile 4: deep nesting gives limit errors, and .or chains run iteratively', () => {
    let message = 'x';
    for (let i = 0; i < 20_000; i++) message = `{0 select a{${message}} other{y}}`;
    const deepMessage = render('[{m|message n}]', { m: message, n: 'a' });
    expect(deepMessage.output).toBe('[]');
    expect(deepMessage.errors).toEqual([{ type: 'limit', message: 'Message placeholders nest deeper than 64 levels' }]);

    let json: unknown = 1;
    for (let i = 0; i < 200_000; i++) json = [json];
    const deepJson = render('a{v|json}b{v|json-pretty}c{v}d', { v: json });
    expect(deepJson.output).toBe('abcd');
    expect(deepJson.errors.map((e) => e.type)).toEqual(['limit', 'limit']);
    noRawStackOverflow(deepJson.errors);

    const ors = `{.section a}A${'{.or}B'.repeat(8000)}{.end}tail`;
    // After a plain {.or}, further {.or} tags are syntax errors and their text joins the branch.
    const plain = render(ors, {});
    expect(plain.output).toBe(`${'B'.repeat(8000)}tail`);
    noRawStackOverflow(plain.errors);
    const chain = `{.equal? n 0}A${Array.from({ length: 8000 }, (_, i) => `{.or equal? n ${i + 1}}B${i + 1}`).join('')}{.or}C{.end}!`;
    expect(render(chain, { n: 7999 }).output).toBe('B7999!');
    expect(render(chain, { n: 0 }).output).toBe('A!');
    expect(render(chain, { n: -1 }).output).toBe('C!');
    expect(compile(chain).errors).toEqual([]);
  });

  it('hostile 5: maxStringLength is reported as a limit', () => {
    const { output, errors } = render("{.eval 'abc' + 'def'}", {}, { limits: { maxStringLength: 4 } });
    expect(output).toBe('');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.type).toBe('limit');
    expect(errors[0]?.message).toContain('Concatenation would exceed maximum string length 4');
  });
});
