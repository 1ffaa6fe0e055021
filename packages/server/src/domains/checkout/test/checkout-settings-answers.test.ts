import { checkoutSettings } from '@tessera/core/contracts/checkout-settings';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The checkout settings' answers are what their contract (`@tessera/core/contracts/checkout-settings`)
// says, the contract the editor's store panel takes its Coupon, TaxRule and ShippingOption from, and
// what /api/openapi.json publishes.

const API = '/api/config/checkout';

for (const dialect of DIALECTS) {
  describe(`checkout settings answers match their published schema (${dialect})`, () => {
    const suite = suiteServer(dialect, { store: OWNERS.storeManager });

    it('answers the settings, and each list replaced, as published', async () => {
      const first = expectAnswer(checkoutSettings, await suite.store.get(API));
      expect(first.shippingOptions.length).toBeGreaterThan(0);

      const shipping = expectAnswer(
        checkoutSettings,
        await suite.store.put(`${API}/shipping-options`, {
          shippingOptions: [
            { name: 'Standard', amountCents: 500, freeOverCents: 5000, countries: ['us', 'CA'] },
            { name: 'Pickup', amountCents: 0 },
          ],
        }),
      );
      expect(shipping.shippingOptions.map((o) => [o.name, o.freeOverCents, o.countries])).toEqual([
        ['Standard', 5000, ['US', 'CA']],
        ['Pickup', null, []],
      ]);

      const tax = expectAnswer(
        checkoutSettings,
        await suite.store.put(`${API}/tax-rules`, {
          taxRules: [
            { name: 'Sales tax', rateBasisPoints: 825, taxShipping: true, countries: ['US'] },
            { name: 'VAT', rateBasisPoints: 2000 },
          ],
        }),
      );
      expect(tax.taxRules.map((r) => [r.taxShipping, r.countries])).toEqual([
        [true, ['US']],
        [false, []],
      ]);

      const coupons = expectAnswer(
        checkoutSettings,
        await suite.store.put(`${API}/coupons`, {
          coupons: [
            { code: 'save10', kind: 'percent', value: 10, minSubtotalCents: 2000 },
            { code: 'SHIPFREE', kind: 'free-shipping', value: 99, active: false },
            { code: 'FIVE-OFF', kind: 'fixed', value: 500 },
          ],
        }),
      );
      expect(coupons.coupons).toContainEqual({
        code: 'SHIPFREE',
        kind: 'free-shipping',
        value: 0,
        minSubtotalCents: 0,
        active: false,
      });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.store);
      expectPublishedAnswer(doc, 'GET', API, checkoutSettings);
      for (const list of ['shipping-options', 'tax-rules', 'coupons']) {
        expectPublishedAnswer(doc, 'PUT', `${API}/${list}`, checkoutSettings);
      }
    });
  });
}
