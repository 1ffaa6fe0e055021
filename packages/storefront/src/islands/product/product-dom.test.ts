// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  findProductDom,
  type ProductDom,
  readChosenAttributes,
  resolveProduct,
  showVariantImage,
  syncOptionControls,
  usesPlainAmounts,
  variantPriceHtml,
} from './product-dom.js';

let dom: ProductDom;
beforeEach(() => {
  // Shapes of the variants-select, quantity-input and add-to-cart-btn formatters plus the theme's images.
  document.body.innerHTML = `<article class="ProductItem" data-island="product" data-item-id="p1" data-product-type="1">
    <div data-variant-image="S-RED" hidden></div><div data-variant-image="M-RED" hidden></div>
    <div class="product-price"><span class="sqs-money-native">$10.00</span></div>
    <div class="product-variants" data-variants='[{"sku":"S-RED","attributes":{"Size":"S","Color":"Red"}}]'>
      <select data-variant-option-name="Size"><option value="">Select Size</option><option value="S">S</option><option value="M">M</option></select>
      <div class="variant-radiobtn-wrapper" data-variant-option-name="Size">
        <input type="radio" class="variant-radiobtn" value="S" name="variant-option-Size">
        <input type="radio" class="variant-radiobtn" value="M" name="variant-option-Size">
      </div>
      <select data-variant-option-name="Color"><option value="">Select Color</option><option value="Red">Red</option></select>
    </div>
    <div class="product-quantity-input"><input type="number" min="1" max="9999" step="1" value="1"></div>
    <div class="sqs-add-to-cart-button" role="button" data-original-label="Add To Cart"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div>
    <div class="tessera-product-message" role="alert" hidden></div>
  </article>`;
  dom = findProductDom(document.querySelector('article')!);
});

describe('findProductDom', () => {
  it('finds every control of the server markup', () => {
    expect(dom.selects).toHaveLength(2);
    expect(dom.radios).toHaveLength(2);
    expect(dom.quantity?.value).toBe('1');
    expect(dom.buttonLabel?.textContent).toBe('Add To Cart');
    expect(dom.message?.hidden).toBe(true);
    expect(dom.images).toHaveLength(2);
  });
});

describe('option controls', () => {
  it('reads the chosen values and leaves unchosen options out', () => {
    expect(readChosenAttributes(dom)).toEqual({});
    dom.selects[0]!.value = 'M';
    expect(readChosenAttributes(dom)).toEqual({ Size: 'M' });
  });
  it('keeps the radio group and the select in step', () => {
    dom.radios[0]!.checked = true;
    syncOptionControls(dom, dom.radios[0]!);
    expect(dom.selects[0]!.value).toBe('S');
    dom.selects[0]!.value = 'M';
    syncOptionControls(dom, dom.selects[0]!);
    expect(dom.radios.map((radio) => radio.checked)).toEqual([false, true]);
    expect(readChosenAttributes(dom)).toEqual({ Size: 'M' });
  });
});

describe('showVariantImage', () => {
  it('shows the chosen variant image and hides the previous one', () => {
    showVariantImage(dom, 'S-RED');
    expect(dom.images.map((image) => image.hidden)).toEqual([false, true]);
    showVariantImage(dom, 'M-RED');
    expect(dom.images.map((image) => image.hidden)).toEqual([true, false]);
    expect(dom.root.dataset.shownVariantImage).toBe('M-RED');
  });
  it('changes nothing for a variant without an image', () => {
    showVariantImage(dom, 'S-RED');
    showVariantImage(dom, 'XL-BLUE');
    expect(dom.images.map((image) => image.hidden)).toEqual([false, true]);
  });
});

describe('prices', () => {
  it('prints the sale price then the original price for a variant on sale', () => {
    const html = variantPriceHtml({ price: 2000, salePrice: 1500, onSale: true }, 'USD', 'en-US');
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect([...holder.querySelectorAll('.sqs-money-native')].map((node) => node.textContent)).toEqual([
      '$15.00',
      '$20.00',
    ]);
    expect(holder.querySelector('.original-price')?.textContent).toBe('$20.00');
  });
  it('prints bare amounts when the server did', () => {
    expect(usesPlainAmounts(dom.price)).toBe(false);
    dom.price!.innerHTML = '<span class="sqs-money-native">10.00</span>';
    expect(usesPlainAmounts(dom.price)).toBe(true);
    expect(variantPriceHtml({ price: 1250 }, 'USD', 'en-US', true)).toBe('<span class="sqs-money-native">12.50</span>');
  });
});

describe('resolveProduct', () => {
  it("prefers the page context's product and falls back to the select's data-variants", () => {
    const product = { id: 'p1', title: 'Shirt', structuredContent: { productType: 1, variants: [] } };
    expect(resolveProduct(dom.root, { locale: 'en-US', currency: 'USD', product })).toBe(product);
    const fallback = resolveProduct(dom.root, { locale: 'en-US', currency: 'USD' });
    expect(fallback?.id).toBe('p1');
    expect(fallback?.structuredContent.variants[0]?.sku).toBe('S-RED');
  });
});
