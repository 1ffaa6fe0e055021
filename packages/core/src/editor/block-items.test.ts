import { describe, expect, it } from 'vitest';
import {
  ACCORDION_LIMITS,
  accordionItems,
  accordionProblem,
  accordionRules,
  MARQUEE_LIMITS,
  marqueeItems,
  marqueeRules,
  moveItem,
} from './block-items.js';

describe('accordion and marquee item rules', () => {
  it('reads the items the way the runtime does', () => {
    expect(accordionItems({ items: [{ title: 'Q', html: '<p>A</p>' }, 'x', null, { title: 3 }] })).toEqual([
      { title: 'Q', html: '<p>A</p>' },
      { title: '', html: '' },
    ]);
    expect(accordionItems({})).toEqual([]);
    expect(marqueeItems({ items: ['a', 1, 'b'] })).toEqual(['a', 'b']);
  });

  it('adds after an item, removes but keeps one, and stops at the maximum', () => {
    const one = [{ title: 'A', html: '' }];
    const two = accordionRules.add(one, 0);
    expect(two).toEqual([
      { title: 'A', html: '' },
      { title: 'New item', html: '<p>Details</p>' },
    ]);
    expect(accordionRules.add(two, -1)[0].title).toBe('New item');
    expect(accordionRules.remove(two, 0)).toEqual([{ title: 'New item', html: '<p>Details</p>' }]);
    expect(accordionRules.remove(one, 0)).toEqual(one);
    expect(accordionRules.canRemove(one)).toBe(false);
    let many = one;
    for (let i = 0; i < 40; i++) many = accordionRules.add(many);
    expect(many).toHaveLength(ACCORDION_LIMITS.maxItems);
    expect(accordionRules.canAdd(many)).toBe(false);
    let words = ['a'];
    for (let i = 0; i < 40; i++) words = marqueeRules.add(words);
    expect(words).toHaveLength(MARQUEE_LIMITS.maxItems);
  });

  it('moves items within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('names the first item without a title', () => {
    expect(accordionProblem([{ title: 'A', html: '' }])).toBeUndefined();
    expect(
      accordionProblem([
        { title: 'A', html: '' },
        { title: ' ', html: '' },
      ]),
    ).toBe('Item 2 needs a title.');
  });
});
