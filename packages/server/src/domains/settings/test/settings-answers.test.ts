import { settingsOptions, storeSettings, websiteSettings } from '@tessera/core/contracts/settings';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The site and store settings answers are what their contract (`@tessera/core/contracts/settings`)
// says, the contract the editor's settings and store panels take their types from, and what
// /api/openapi.json publishes.

const SETTINGS = '/api/config/settings';

for (const dialect of DIALECTS) {
  describe(`settings answers match their published schema (${dialect})`, () => {
    const suite = suiteServer(dialect, { admin: OWNERS.admin, store: OWNERS.storeManager });

    it('answers the site settings, a save with a logo and a banner, and the choices, as published', async () => {
      const first = expectAnswer(websiteSettings, await suite.admin.get(SETTINGS));
      expect(Object.keys(first.shareButtonOptions).length).toBeGreaterThan(0);
      const saved = expectAnswer(
        websiteSettings,
        await suite.admin.put(SETTINGS, {
          logo: { url: '/files/products/linen-shirt-natural.jpg', altText: 'Logo' },
          shareButtonOptions: { email: true },
          cookieBanner: { enabled: true, position: 'bottom-left' },
          publicUrl: 'https://shop.example.com',
        }),
      );
      expect(saved.logo).toEqual({
        url: '/files/products/linen-shirt-natural.jpg',
        altText: 'Logo',
        width: 800,
        height: 1000,
      });
      expect(saved.cookieBanner).toMatchObject({ enabled: true, position: 'bottom-left' });
      expectAnswer(websiteSettings, await suite.admin.put(SETTINGS, { logo: null, publicUrl: null }));

      const options = expectAnswer(settingsOptions, await suite.admin.get(`${SETTINGS}/options`));
      expect(options.timeZones).toContain('UTC');
    });

    it('answers the store settings and a save, as published', async () => {
      expectAnswer(storeSettings, await suite.store.get(`${SETTINGS}/store`));
      const saved = expectAnswer(
        storeSettings,
        await suite.store.put(`${SETTINGS}/store`, {
          scarcityThreshold: 3,
          scarcityText: 'Only a few left',
          stockHoldMinutes: 45,
        }),
      );
      expect(saved).toMatchObject({ scarcityThreshold: 3, scarcityText: 'Only a few left', stockHoldMinutes: 45 });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.admin);
      for (const method of ['GET', 'PUT']) {
        expectPublishedAnswer(doc, method, SETTINGS, websiteSettings);
        expectPublishedAnswer(doc, method, `${SETTINGS}/store`, storeSettings);
      }
      expectPublishedAnswer(doc, 'GET', `${SETTINGS}/options`, settingsOptions);
    });
  });
}
