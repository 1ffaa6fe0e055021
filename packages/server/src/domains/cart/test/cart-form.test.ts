import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The product form without JavaScript: its selects and quantity carry field names, and
// POST /cart/add checks the post like the cart API, then goes on to /cart or back to the product
// page with the SPEC message beside the button.

function formPost(v: Visitor, fields: Record<string, string>) {
  return v.request('POST', '/cart/add', {
    body: new URLSearchParams({ crumb: v.cookies.get('crumb') ?? '', ...fields }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    crumb: false,
  });
}

for (const dialect of DIALECTS) {
  describe(`product form without JavaScript (${dialect})`, () => {
    let ids: Record<string, string>;

    const suite = suiteServer(dialect, {}, { rateLimit: { max: 10_000, timeWindowMs: 60_000 } });
    beforeAll(async () => {
      ids = await demoItemIds(suite.server);
    });

    it('prints a form that posts the crumb, the item, named option selects and the quantity', async () => {
      const v = Visitor.of(suite.server);
      const page = String((await v.get('/shop/p/linen-shirt')).body);
      expect(page).toContain('<form class="ProductItem-form" method="post" action="/cart/add">');
      expect(page).toContain(`<input type="hidden" name="crumb" value="${v.cookies.get('crumb')}">`);
      expect(page).toContain(`<input type="hidden" name="itemId" value="${ids['linen-shirt']}">`);
      expect(page).toMatch(
        /<select aria-label="Select Size" data-variant-option-name="Size" name="variant-option-Size">/,
      );
      expect(page).toContain('name="variant-option-Color"');
      expect(page).toMatch(/<input aria-label="Quantity" name="quantity" /);
      expect(page).toMatch(
        /<noscript>.*<button class="ProductItem-submit[^"]*" type="submit">Add To Cart<\/button><\/noscript>/s,
      );
      expect(page).toContain('<div class="tessera-product-message" role="alert" hidden></div>');
    });

    it('adds the chosen variant and quantity, then sends the visitor to /cart', async () => {
      const v = Visitor.of(suite.server);
      await v.get('/shop/p/linen-shirt');
      const posted = await formPost(v, {
        itemId: ids['linen-shirt'],
        'variant-option-Size': 'L',
        'variant-option-Color': 'Indigo',
        quantity: '2',
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe('/cart');
      const cart = await v.get('/api/commerce/shopping-cart');
      expect(cart.body.entries).toHaveLength(1);
      expect(cart.body.entries[0]).toMatchObject({ quantity: 2, chosenVariant: { sku: 'LIN-IND-L' } });
    });

    it('goes back to the product page with the SPEC message when an option is missing or the quantity is bad', async () => {
      const v = Visitor.of(suite.server);
      await v.get('/shop/p/linen-shirt');
      const missing = await formPost(v, {
        itemId: ids['linen-shirt'],
        'variant-option-Size': '',
        'variant-option-Color': 'Indigo',
        quantity: '1',
      });
      expect(missing.status).toBe(303);
      const location = missing.headers.get('location') ?? '';
      expect(location.startsWith('/shop/p/linen-shirt?cartError=')).toBe(true);
      const page = String((await v.get(location)).body);
      expect(page).toContain('<div class="tessera-product-message" role="alert">Please select the Size option.</div>');

      const fraction = await formPost(v, {
        itemId: ids['linen-shirt'],
        'variant-option-Size': 'S',
        'variant-option-Color': 'Natural',
        quantity: '1.5',
      });
      expect(decodeURIComponent(fraction.headers.get('location') ?? '')).toContain(
        'cartError=Quantity must be a whole number',
      );
      expect((await v.get('/api/commerce/shopping-cart')).body.entries ?? []).toHaveLength(0);
    });

    it('refuses a post without the crumb, and one without an item with a message', async () => {
      const v = Visitor.of(suite.server);
      await v.get('/shop/p/linen-shirt');
      const noCrumb = await v.request('POST', '/cart/add', {
        body: new URLSearchParams({ itemId: ids['linen-shirt'] }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(noCrumb.status).toBe(403);
      const noItem = await formPost(v, { quantity: '1' });
      expect(noItem.status).toBe(400);
      expect(noItem.body.error).toBe('invalid-body');
      const unknown = await formPost(v, { itemId: 'no-such-item' });
      expect(unknown.status).toBe(404);
    });
  });
}
