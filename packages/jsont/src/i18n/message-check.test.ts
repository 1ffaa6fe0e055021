import { describe, expect, it } from 'vitest';
import { checkMessage } from './message-check.js';

describe('checkMessage', () => {
  it('accepts well-formed messages', () => {
    expect(checkMessage('Hi {name}, {0 plural one{# item} other{# items}} in {1 select a{A} other{B}}.')).toEqual([]);
    expect(checkMessage("Use '{braces}' freely, it''s fine")).toEqual([]);
    expect(checkMessage('{0 plural =0{none} other{#}}')).toEqual([]);
  });

  it('reports unbalanced braces as Expected X but Y found', () => {
    expect(checkMessage('{0 plural one{# item} other{# items}')).toEqual(["Expected '}' but end of input found."]);
    expect(checkMessage('oops } here')).toEqual(["Expected text but '}' found."]);
    expect(checkMessage('{0 plural one # item}')).toEqual(["Expected '{' but '#' found."]);
  });

  it('requires an other form and valid plural categories', () => {
    expect(checkMessage('{0 plural one{x}}')).toEqual(["The plural form needs an 'other' choice."]);
    expect(checkMessage('{0 plural lots{x} other{y}}')).toEqual(["Invalid plural category 'lots'."]);
  });
});
