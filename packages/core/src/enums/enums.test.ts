import { describe, expect, it } from 'vitest';
import { BackgroundSource } from './background-source.js';
import { BLOCK_TYPE_NAMES, BlockType } from './block-type.js';
import { CollectionType } from './collection-type.js';
import { FolderBehavior, isFolderClickable } from './folder-behavior.js';
import { PageType } from './page-type.js';
import { ProductType, toProductType } from './product-type.js';
import { RecordType } from './record-type.js';
import { WebsiteRole } from './website-role.js';

const all = {
  BackgroundSource,
  BlockType,
  CollectionType,
  FolderBehavior,
  PageType,
  ProductType,
  RecordType,
  WebsiteRole,
};

describe('enumerations', () => {
  it.each(Object.entries(all))('%s is frozen with unique codes', (_name, table) => {
    expect(Object.isFrozen(table)).toBe(true);
    const codes = Object.values(table);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('carries the product type codes of SPEC §3', () => {
    expect(ProductType).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
  });

  it('carries every page type of SPEC §2', () => {
    expect(PageType.MAIN_CONTENT).toBe(1);
    expect(PageType.CONTENT_ITEM).toBe(50);
    expect(PageType.MEMBER_AREA_ACCESS_DENIED).toBe(106);
    expect(PageType.ORDER_CONFIRMED).toBe(202);
    expect(PageType.REVIEWS_REQUEST).toBe(209);
    expect(PageType.COMMERCE_EMAIL_PREVIEW).toBe(301);
    expect(Object.keys(PageType)).toHaveLength(23);
  });

  it('names each block type code and leaves 15, 34-40 and 64 unassigned', () => {
    expect(BlockType.PRODUCT).toBe(43);
    expect(BlockType.MARQUEE).toBe(70);
    const codes = Object.values(BlockType) as number[];
    for (const gap of [15, 34, 35, 36, 37, 38, 39, 40, 64]) expect(codes).not.toContain(gap);
    expect(
      Object.keys(BLOCK_TYPE_NAMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...codes].sort((a, b) => a - b));
    expect(BLOCK_TYPE_NAMES[BlockType.SOCIAL_ACCOUNT_LINKS_V2]).toBe('socialaccountlinks-v2');
  });

  it('carries the collection, record, role, folder and background codes', () => {
    expect(CollectionType.PRODUCTS).toBe(13);
    expect(CollectionType.ALBUM_BLOCK).toBe(18);
    expect(RecordType.STORE_ITEM).toBe(11);
    expect(RecordType.LESSON).toBe(62);
    expect(WebsiteRole.ADMIN).toBe(1);
    expect(WebsiteRole.MODERATOR).toBe(6);
    expect(WebsiteRole.SCHEDULING_EDITOR).toBe(13);
    expect(FolderBehavior).toEqual({ INDEX: 1, REDIRECT: 2, NONE: 3 });
    expect(BackgroundSource).toEqual({ UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 });
  });
});

describe('toProductType', () => {
  it('reads codes and cart names', () => {
    expect(toProductType(2)).toBe(ProductType.DIGITAL);
    expect(toProductType('PHYSICAL')).toBe(ProductType.PHYSICAL);
    expect(toProductType('gift card')).toBe(ProductType.GIFT_CARD);
    expect(toProductType('GIFT_CARD')).toBe(ProductType.GIFT_CARD);
  });
  it('answers undefined for unknown types', () => {
    expect(toProductType(-1)).toBeUndefined();
    expect(toProductType('UNKNOWN')).toBeUndefined();
    expect(toProductType(null)).toBeUndefined();
  });
});

describe('isFolderClickable', () => {
  it('is clickable for index, redirect or a missing behaviour', () => {
    expect(isFolderClickable(FolderBehavior.INDEX)).toBe(true);
    expect(isFolderClickable(FolderBehavior.REDIRECT)).toBe(true);
    expect(isFolderClickable(undefined)).toBe(true);
    expect(isFolderClickable(FolderBehavior.NONE)).toBe(false);
  });
});
