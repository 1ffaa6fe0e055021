import { describe, expect, it } from 'vitest';
import { fakeContext } from '../i18n/fake-context.test.js';
import { COMMERCE_PREDICATES } from './commerce.js';
import { CONTENT_PREDICATES } from './content.js';

const test = (name: string, node: unknown, args: string[] = []) => {
  const predicate = CONTENT_PREDICATES[name] ?? COMMERCE_PREDICATES[name];
  if (!predicate) throw new Error(`no predicate ${name}`);
  return predicate.apply(args, fakeContext({ node }));
};

describe('content predicates', () => {
  it('makes items clickable unless the folder does nothing', () => {
    expect(test('clickable?', {})).toBe(true);
    expect(test('clickable?', { folderBehavior: 2 })).toBe(true);
    expect(test('clickable?', { folderBehavior: 3 })).toBe(false);
  });

  it('matches record types, and promoted blocks for the promotable ones', () => {
    expect(test('store-item?', { recordType: 11 })).toBe(true);
    expect(test('video?', { promotedBlockType: 'video' })).toBe(true);
    expect(test('text?', { promotedBlockType: 'text' })).toBe(false);
    expect(test('promotedMAP?', { promotedBlockType: 'map' })).toBe(true);
  });

  it('reads gallery options', () => {
    expect(test('gallery-design-slider?', { options: { design: 'slider' } })).toBe(true);
    expect(test('gallery-meta-position-top-left?', { options: { 'meta-position': 'top' } })).toBe(false);
    expect(test('gallery-lightbox?', { options: { lightbox: 'true' } })).toBe(true);
  });

  it('finds excerpts with visible text only', () => {
    expect(test('excerpt?', { excerpt: { html: '<p>&#8203;</p>' } })).toBe(true);
    expect(test('excerpt?', { excerpt: { html: '<p> \u00a0</p>' } })).toBe(false);
  });

  it('compares event days in UTC', () => {
    expect(test('same-day?', { startDate: Date.UTC(2024, 0, 1, 1), endDate: Date.UTC(2024, 0, 1, 23) })).toBe(true);
    expect(test('same-day?', { startDate: Date.UTC(2024, 0, 1, 23), endDate: Date.UTC(2024, 0, 2, 1) })).toBe(false);
  });

  it('answers commerce questions with the shared product rules', () => {
    const item = { structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] } };
    expect(test('sold-out?', item)).toBe(true);
    expect(test('on-sale?', item)).toBe(true);
    expect(test('background-source-video?', { backgroundSource: 3 })).toBe(true);
  });
});
