import { describe, expect, it } from 'vitest';
import { EMPTY_ITEM_SEO, ITEM_SEO_MESSAGES, itemSeoFrom, validateItemSeo } from './item-seo.js';

describe('validateItemSeo', () => {
  it('accepts empty and full fields, trimmed', () => {
    expect(validateItemSeo({})).toEqual({ ok: true, value: EMPTY_ITEM_SEO });
    expect(
      validateItemSeo({ title: ' Linen ', description: 'Soft.', socialImage: '/files/a%20b.JPG', noindex: true }),
    ).toEqual({
      ok: true,
      value: { title: 'Linen', description: 'Soft.', socialImage: '/files/a%20b.JPG', noindex: true },
    });
  });

  it('names each field at fault with a sentence', () => {
    expect(validateItemSeo('title')).toEqual({ ok: false, errors: { _: ITEM_SEO_MESSAGES.notAnObject } });
    expect(
      validateItemSeo({ title: 'x'.repeat(201), description: 5, socialImage: '/files/a.svg', noindex: 1, og: '' }),
    ).toEqual({
      ok: false,
      errors: {
        og: ITEM_SEO_MESSAGES.unknownField('og'),
        title: ITEM_SEO_MESSAGES.titleTooLong,
        description: ITEM_SEO_MESSAGES.notText,
        socialImage: ITEM_SEO_MESSAGES.socialImage,
        noindex: ITEM_SEO_MESSAGES.noindex,
      },
    });
    for (const url of ['/files/../x.png', 'https://a.example/x.png', '/files/a.png?x=1', 'javascript:1']) {
      expect(validateItemSeo({ socialImage: url }).ok, url).toBe(false);
    }
  });

  it('reads stored fields, dropping what the owner does not edit', () => {
    expect(itemSeoFrom({ title: 'T', socialImageSize: '1x1', noindex: 'yes' })).toEqual({
      ...EMPTY_ITEM_SEO,
      title: 'T',
    });
    expect(itemSeoFrom(undefined)).toEqual(EMPTY_ITEM_SEO);
  });
});
