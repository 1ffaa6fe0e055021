import type { ProductItem } from '@tessera/core';

/**
 * Serialises the page context for `<script type="application/json" id="tessera-context">`.
 * `<`, `>` and `&` become JSON unicode escapes, so no value (a product title holding
 * `</script>`, say) can close the element; line and paragraph separators are escaped too.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * The product as the page's islands read it from `tessera-context`: its id, title and structured
 * content (type, option ordering, subscription and add-button flags, additional-fields form, price
 * lines) with each variant's id, SKU, prices, stock and attributes. Left out, because the page's
 * markup already carries them and no island reads them: the media list, body, excerpt, addresses,
 * dates and each variant's `mainImage` and `optionValues` (variant images are `data-variant-image`
 * elements, option values the page's selects).
 */
export function clientProduct(product: ProductItem): ProductItem {
  const content = product.structuredContent;
  const variants = Array.isArray(content.variants)
    ? content.variants.map(({ mainImage: _image, optionValues: _values, ...variant }) => variant)
    : content.variants;
  return { id: product.id, title: product.title, structuredContent: { ...content, variants } };
}
