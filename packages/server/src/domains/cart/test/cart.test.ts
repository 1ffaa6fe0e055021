import { CART_MESSAGES } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const ENTRIES = '/api/commerce/shopping-cart/entries';

for (const dialect of DIALECTS) {
  describe(`cart API (${dialect})`, () => {
    let ids: Record<string, string>;
    const suite = suiteServer(dialect, {}, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });

    const visitor = () => Visitor.of(suite.server);

    beforeAll(async () => {
      ids = await demoItemIds(suite.server);
    });

    it('answers an empty cart to a visitor who has none', async () => {
      const answer = await visitor().get('/api/commerce/shopping-cart?calculateSubtotal=true');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: null, entries: [], subtotalCents: 0, totalQuantity: 0, currency: 'USD' });
    });

    it('adds an entry, sets the cart cookies and shows the entry in the cart', async () => {
      const v = visitor();
      const added = await v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-NAT-M', quantity: 2 });
      expect(added.status).toBe(200);
      expect(added.body.newlyAdded).toMatchObject({
        itemId: ids['linen-shirt'],
        chosenVariant: { sku: 'LIN-NAT-M', attributes: { Size: 'M', Color: 'Natural' } },
        quantity: 2,
        title: 'Relaxed Linen Shirt',
        purchasePriceCents: 6800,
        subTotalCents: 13600,
        subTotal: { value: '136.00', currency: 'USD' },
        productType: 1,
        url: '/shop/p/linen-shirt',
        additionalFields: null,
      });
      const cartCookie = added.setCookies.find((c) => c.startsWith('CART='));
      expect(cartCookie).toMatch(/HttpOnly/i);
      expect(cartCookie).toMatch(/SameSite=Lax/i);
      expect(added.setCookies.find((c) => c.startsWith('has-cart=true'))).not.toMatch(/HttpOnly/i);

      const cart = await v.get('/api/commerce/shopping-cart?calculateSubtotal=true');
      expect(cart.headers.get('cache-control')).toBe('no-store');
      expect(added.headers.get('cache-control')).toBe('no-store');
      expect(cart.body.id).toBe(added.body.shoppingCart.id);
      expect(cart.body.entries).toHaveLength(1);
      expect(cart.body).toMatchObject({ subtotalCents: 13600, grandTotalCents: 13600, totalQuantity: 2 });
      expect(cart.body.requiresShipping).toBe(true);
    });

    it('merges an add of the same item and variant into one entry and sums totals in cents', async () => {
      const v = visitor();
      await v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-NAT-S', quantity: 1 });
      const merged = await v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-NAT-S', quantity: '2' });
      expect(merged.status).toBe(200);
      expect(merged.body.shoppingCart.entries).toHaveLength(1);
      expect(merged.body.newlyAdded.quantity).toBe(3);
      const other = await v.post(ENTRIES, { itemId: ids['wool-scarf'], sku: 'SCARF-RST', quantity: 1 });
      const cart = other.body.shoppingCart;
      expect(cart.entries).toHaveLength(2);
      // 3 × $68.00 + the scarf at its sale price $64.00
      expect(other.body.newlyAdded.purchasePriceCents).toBe(6400);
      expect(cart.subtotalCents).toBe(3 * 6800 + 6400);
      expect(cart.totalQuantity).toBe(4);
    });

    it('marks digital carts', async () => {
      const v = visitor();
      const ebook = await v.post(ENTRIES, { itemId: ids['field-guide-ebook'], sku: 'EBOOK-FIELD-GUIDE', quantity: 1 });
      expect(ebook.body.shoppingCart).toMatchObject({
        hasDigital: true,
        purelyDigital: true,
        requiresShipping: false,
        subtotalCents: 1200,
      });
      const mixed = await v.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 3 });
      expect(mixed.body.shoppingCart).toMatchObject({ hasDigital: true, purelyDigital: false, requiresShipping: true });
    });

    describe('add-to-cart rules (SPEC §5)', () => {
      const refused = async (body: Record<string, unknown>, status = 400) => {
        const answer = await visitor().post(ENTRIES, body);
        expect(answer.status).toBe(status);
        return answer.body as { error: string; message: string };
      };

      it('asks for every unselected option', async () => {
        expect(await refused({ itemId: ids['linen-shirt'], quantity: 1 })).toEqual({
          error: 'missing-options',
          message: 'Please select the Size and Color options.',
        });
        expect((await refused({ itemId: ids['linen-shirt'], attributes: { Size: 'M' }, quantity: 1 })).message).toBe(
          'Please select the Color option.',
        );
      });

      it('adds by chosen options when no SKU is sent', async () => {
        const answer = await visitor().post(ENTRIES, {
          itemId: ids['linen-shirt'],
          attributes: { Size: 'L', Color: 'Indigo' },
          quantity: 1,
        });
        expect(answer.status).toBe(200);
        expect(answer.body.newlyAdded.chosenVariant.sku).toBe('LIN-IND-L');
      });

      it('refuses a variant that does not exist', async () => {
        expect(await refused({ itemId: ids['linen-shirt'], sku: 'NOPE', quantity: 1 })).toEqual({
          error: 'variant-unavailable',
          message: 'Sorry, that item variant is unavailable. Please select another variant.',
        });
      });

      it('refuses sold-out variants and products', async () => {
        const stock = 'Sorry, we do not have enough of that item available.';
        expect(await refused({ itemId: ids['linen-shirt'], sku: 'LIN-IND-M', quantity: 1 })).toEqual({
          error: 'not-enough-stock',
          message: stock,
        });
        expect((await refused({ itemId: ids['canvas-tote'], sku: 'TOTE-OLV', quantity: 1 })).message).toBe(stock);
      });

      it('counts what the cart already holds against the stock', async () => {
        const v = visitor();
        expect((await v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-NAT-XL', quantity: 2 })).status).toBe(
          200,
        );
        const third = await v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-NAT-XL', quantity: 1 });
        expect(third.status).toBe(400);
        expect(third.body.message).toBe(CART_MESSAGES.notEnoughStock);
        const cart = await v.get('/api/commerce/shopping-cart');
        expect(cart.body.entries[0].quantity).toBe(2);
      });

      it('checks the quantity', async () => {
        const item = { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT' };
        expect(await refused({ ...item, quantity: 'two' })).toEqual({
          error: 'quantity-not-number',
          message: 'Quantity must be a number.',
        });
        expect(await refused({ ...item, quantity: { n: 1 } })).toMatchObject({ message: 'Quantity must be a number.' });
        expect(await refused({ ...item, quantity: 1.5 })).toEqual({
          error: 'quantity-not-whole',
          message: 'Quantity must be a whole number',
        });
        expect((await refused({ ...item, quantity: 0 })).error).toBe('quantity-out-of-range');
        expect((await refused({ ...item, quantity: 10_000 })).error).toBe('quantity-out-of-range');
        const v = visitor();
        expect((await v.post(ENTRIES, { ...item, quantity: 9999 })).status).toBe(200);
        // Merging may not take one entry past the input's maximum either.
        expect((await v.post(ENTRIES, { ...item, quantity: 1 })).body.error).toBe('quantity-out-of-range');
      });

      it('asks for a gift card denomination and accepts a chosen one', async () => {
        expect(await refused({ itemId: ids['gift-card'], quantity: 1 })).toEqual({
          error: 'gift-card-denomination',
          message: 'Select a denomination for the Gift Card',
        });
        const ok = await visitor().post(ENTRIES, { itemId: ids['gift-card'], sku: 'GIFT-50', quantity: 1 });
        expect(ok.status).toBe(200);
        expect(ok.body.newlyAdded).toMatchObject({ purchasePriceCents: 5000, productType: 4 });
      });

      it('stock-checks an item with an additional-fields form before asking for the form', async () => {
        const mug = { itemId: ids['custom-mug'], sku: 'MUG-CUSTOM' };
        expect((await refused({ ...mug, quantity: 13 })).error).toBe('not-enough-stock');
        expect((await refused({ ...mug, quantity: 1 })).error).toBe('additional-fields-required');
        const fields = JSON.stringify({ 'name-to-print': 'Rosa' });
        const ok = await visitor().post(ENTRIES, { ...mug, quantity: 1, additionalFields: fields });
        expect(ok.status).toBe(200);
        expect(ok.body.newlyAdded.additionalFields).toBe(fields);
      });

      it('answers 404 for a product that does not exist', async () => {
        expect((await refused({ itemId: 'no-such-item', sku: 'X', quantity: 1 }, 404)).error).toBe('item-not-found');
      });
    });

    describe('changing the cart', () => {
      async function cartWithShirt() {
        const v = visitor();
        const added = await v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-NAT-M', quantity: 1 });
        await v.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 2 });
        return { v, entryId: added.body.newlyAdded.id as string };
      }

      it('changes a quantity within stock', async () => {
        const { v, entryId } = await cartWithShirt();
        const changed = await v.put(`${ENTRIES}/${entryId}`, { quantity: 4 });
        expect(changed.status).toBe(200);
        expect(changed.body.updatedEntry).toMatchObject({ id: entryId, quantity: 4, subTotalCents: 4 * 6800 });
        expect(changed.body.shoppingCart.subtotalCents).toBe(4 * 6800 + 2 * 800);
        const tooMany = await v.put(`${ENTRIES}/${entryId}`, { quantity: 10 });
        expect(tooMany.status).toBe(400);
        expect(tooMany.body.message).toBe(CART_MESSAGES.notEnoughStock);
        expect((await v.put(`${ENTRIES}/${entryId}`, { quantity: 'lots' })).body.message).toBe(
          'Quantity must be a number.',
        );
        expect((await v.put(`${ENTRIES}/${entryId}`, { quantity: 2.5 })).body.message).toBe(
          'Quantity must be a whole number',
        );
        expect((await v.put(`${ENTRIES}/${entryId}`, {})).status).toBe(400);
      });

      it('removes an entry when its quantity is set to 0', async () => {
        const { v, entryId } = await cartWithShirt();
        const removed = await v.put(`${ENTRIES}/${entryId}`, { quantity: 0 });
        expect(removed.status).toBe(200);
        expect(removed.body.updatedEntry).toBeNull();
        expect(removed.body.shoppingCart.entries.map((e: { id: string }) => e.id)).not.toContain(entryId);
        expect(removed.body.shoppingCart.subtotalCents).toBe(1600);
      });

      it('deletes an entry', async () => {
        const { v, entryId } = await cartWithShirt();
        const deleted = await v.delete(`${ENTRIES}/${entryId}`);
        expect(deleted.status).toBe(200);
        expect(deleted.body.shoppingCart.entries).toHaveLength(1);
        const again = await v.delete(`${ENTRIES}/${entryId}`);
        expect(again.status).toBe(404);
        expect(again.body.error).toBe('entry-not-found');
      });

      it("does not touch another visitor's entry", async () => {
        const { entryId } = await cartWithShirt();
        const stranger = visitor();
        await stranger.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 });
        expect((await stranger.put(`${ENTRIES}/${entryId}`, { quantity: 2 })).status).toBe(404);
        expect((await stranger.delete(`${ENTRIES}/${entryId}`)).status).toBe(404);
        expect((await visitor().delete(`${ENTRIES}/${entryId}`)).status).toBe(404);
      });

      it('updates the additional fields of an entry', async () => {
        const v = visitor();
        const mug = { itemId: ids['custom-mug'], sku: 'MUG-CUSTOM' };
        const added = await v.post(ENTRIES, { ...mug, quantity: 1, additionalFields: '{"name-to-print":"Ada"}' });
        const entryId = added.body.newlyAdded.id;
        const fields = '{"name-to-print":"Grace"}';
        const updated = await v.put(`${ENTRIES}/${entryId}/additionalFields`, { ...mug, additionalFields: fields });
        expect(updated.status).toBe(200);
        expect(updated.body.updatedEntry.additionalFields).toBe(fields);
        expect(updated.body.shoppingCart.entries[0].additionalFields).toBe(fields);
        const wrongSku = await v.put(`${ENTRIES}/${entryId}/additionalFields`, {
          ...mug,
          sku: 'X',
          additionalFields: fields,
        });
        expect(wrongSku.status).toBe(404);
      });
    });

    it('reports stock per variant', async () => {
      const answer = await visitor().get(`/api/commerce/inventory/stock/?itemId=${ids['linen-shirt']}`);
      expect(answer.status).toBe(200);
      expect(answer.body.results).toHaveLength(8);
      expect(answer.body.results).toContainEqual({ sku: 'LIN-IND-M', unlimited: false, qtyInStock: 0 });
      expect(answer.body.results).toContainEqual({ sku: 'LIN-NAT-XL', unlimited: false, qtyInStock: 2 });
      const stickers = await visitor().get(`/api/commerce/inventory/stock?itemId=${ids['sticker-pack']}`);
      expect(stickers.body.results).toEqual([{ sku: 'STICKERS-BOT', unlimited: true, qtyInStock: 0 }]);
      expect((await visitor().get('/api/commerce/inventory/stock/')).status).toBe(400);
      expect((await visitor().get('/api/commerce/inventory/stock/?itemId=nope')).status).toBe(404);
    });

    it('starts a subscription checkout cart apart from the visitor cart', async () => {
      const v = visitor();
      const answer = await v.post('/api/3/commerce/cart/subscription', {
        itemId: ids['coffee-subscription'],
        sku: 'COFFEE-WHOLE',
        qty: 1,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.cartToken).toMatch(/^[\w-]{20,}$/);
      expect(v.cartToken).toBeUndefined();
      const row = await suite.server.db
        .selectFrom('carts')
        .select(['kind'])
        .where('token', '=', answer.body.cartToken)
        .executeTakeFirstOrThrow();
      expect(row.kind).toBe('subscription');
      const notSubscribable = await v.post('/api/3/commerce/cart/subscription', {
        itemId: ids['linen-shirt'],
        sku: 'LIN-NAT-M',
        qty: 1,
      });
      expect(notSubscribable.status).toBe(400);
      expect(notSubscribable.body.error).toBe('not-subscribable');
      const badQty = await v.post('/api/3/commerce/cart/subscription', {
        itemId: ids['coffee-subscription'],
        sku: 'COFFEE-WHOLE',
        qty: 'a',
      });
      expect(badQty.body.message).toBe('Quantity must be a number.');
    });

    it('answers the form field schema', async () => {
      const answer = await visitor().get('/api/template/GetTemplateSchema?type=form');
      expect(answer.status).toBe(200);
      expect(answer.body.fieldsets).toEqual({ build: 1, storage: 2, advanced: 3, captcha: 4, disclaimer: 5 });
      const byType = Object.fromEntries(
        answer.body.fieldTypes.map((f: { type: string; properties: string[] }) => [f.type, f.properties]),
      );
      expect(byType.currency).toEqual(['description', 'currencySymbol', 'required']);
      expect(byType.phone).toEqual(['description', 'showCountryCode', 'required']);
      expect(byType.hidden).toEqual(['key', 'value']);
      expect(Object.keys(byType)).toHaveLength(19);
      const textarea = answer.body.fieldTypes.find((f: { type: string }) => f.type === 'textarea');
      expect(textarea.conditionalProperties).toEqual([{ property: 'maxLength', feature: 'vanillaFormHandler' }]);
      const address = answer.body.fieldTypes.find((f: { type: string }) => f.type === 'address');
      expect(address).toMatchObject({
        kind: 'multi-part',
        parts: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
      });
      expect((await visitor().get('/api/template/GetTemplateSchema?type=page')).status).toBe(400);
    });
  });
}
