import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const SETTINGS = '/api/config/checkout';

for (const dialect of DIALECTS) {
  describe(`checkout settings for the editor (${dialect})`, () => {
    const suite = suiteServer(dialect, { manager: OWNERS.storeManager });

    it('answers the store currency with the lists, so money inputs use it', async () => {
      const answer = await suite.manager.request('GET', SETTINGS);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ currency: 'USD', locale: 'en-US' });
      expect(answer.body.coupons.length).toBeGreaterThan(0);
    });

    it('names each bad field in `fields`, so the editor shows the message beside it', async () => {
      const shipping = await suite.manager.request('PUT', `${SETTINGS}/shipping-options`, {
        body: {
          shippingOptions: [
            { name: 'Courier', amountCents: 500 },
            { name: ' ', amountCents: -1 },
          ],
        },
      });
      expect(shipping.status).toBe(400);
      expect(shipping.body.fields).toEqual({
        'shippingOptions.1.name': 'name cannot be empty.',
        'shippingOptions.1.amountCents': 'An amount cannot be negative.',
      });
      const percent = await suite.manager.request('PUT', `${SETTINGS}/coupons`, {
        body: { coupons: [{ code: 'HALF', kind: 'percent', value: 150 }] },
      });
      expect(percent.status).toBe(400);
      expect(percent.body.fields).toEqual({ 'coupons.0.value': 'A percent coupon takes 1–100.' });
      const twice = await suite.manager.request('PUT', `${SETTINGS}/coupons`, {
        body: {
          coupons: [
            { code: 'SAME', kind: 'fixed', value: 100 },
            { code: 'same', kind: 'fixed', value: 200 },
          ],
        },
      });
      expect(twice.status).toBe(400);
      expect(twice.body.fields).toEqual({ 'coupons.1.code': 'Each coupon code may appear once.' });
      const rate = await suite.manager.request('PUT', `${SETTINGS}/tax-rules`, {
        body: { taxRules: [{ name: 'VAT', rateBasisPoints: 20_001 }] },
      });
      expect(rate.body.fields).toEqual({ 'taxRules.0.rateBasisPoints': 'A rate is at most 100%.' });
      // Nothing was replaced by the refused saves.
      expect(
        (await suite.manager.request('GET', SETTINGS)).body.shippingOptions.map((o: { name: string }) => o.name),
      ).not.toContain('Courier');
    });
  });
}
