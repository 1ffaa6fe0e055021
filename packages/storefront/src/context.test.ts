// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isExpressCheckout, readPageContext } from './context.js';

const page = (json: string) => {
  document.body.innerHTML = `<script type="application/json" id="tessera-context">${json}</script>`;
  return readPageContext(document);
};

describe('readPageContext', () => {
  it('reads the server context and normalises the locale', () => {
    const context = page('{"websiteId":"w1","locale":"fr_CA","currency":"CAD","pageType":50}');
    expect(context).toMatchObject({ websiteId: 'w1', locale: 'fr-CA', currency: 'CAD', pageType: 50 });
  });
  it('falls back to en-US and USD when the script is missing or broken', () => {
    document.body.innerHTML = '';
    expect(readPageContext(document)).toEqual({ locale: 'en-US', currency: 'USD' });
    expect(page('{not json')).toEqual({ locale: 'en-US', currency: 'USD' });
    expect(page('{"locale":"","currency":7}')).toMatchObject({ locale: 'en-US', currency: 'USD' });
  });
});

describe('isExpressCheckout', () => {
  it('is on only when the store settings say so', () => {
    expect(isExpressCheckout({ locale: 'en-US', currency: 'USD', storeSettings: { expressCheckout: true } })).toBe(
      true,
    );
    expect(isExpressCheckout({ locale: 'en-US', currency: 'USD', storeSettings: {} })).toBe(false);
    expect(isExpressCheckout({ locale: 'en-US', currency: 'USD' })).toBe(false);
  });
});
