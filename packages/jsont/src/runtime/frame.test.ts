import { describe, expect, it } from 'vitest';
import { render } from '../engine.js';
import { Vars } from './frame.js';

describe('frame variables', () => {
  it('keep the last value per name, in the order first set, and forget everything when cleared', () => {
    const vars = new Vars();
    expect(vars.get('@a')).toBeUndefined();
    vars.set('@a', 1);
    vars.set('@b', { x: 2 });
    vars.set('@a', 3);
    expect(vars.get('@a')).toBe(3);
    expect(vars.get('@b')).toEqual({ x: 2 });
    const seen: [string, unknown][] = [];
    vars.forEach((value, name) => {
      seen.push([name, value]);
    });
    expect(seen).toEqual([
      ['@a', 3],
      ['@b', { x: 2 }],
    ]);
    vars.clear();
    expect(vars.get('@a')).toBeUndefined();
    vars.set('@c', 4);
    expect(vars.get('@b')).toBeUndefined();
    expect(vars.get('@c')).toBe(4);
  });

  it('set in one element of a loop are gone in the next', () => {
    const template = '{.repeated section items}{.equal? @ 1}{.var @v @}{.end}[{@v}]{.end}';
    expect(render(template, { items: [1, 2, 1, 3] }).output).toBe('[1][][1][]');
    const evalTemplate = '{.repeated section items}{.equal? @ 1}{.eval @w = 5}{.end}[{@w}]{.end}';
    expect(render(evalTemplate, { items: [1, 2] }).output).toBe('[5][]');
  });
});
