import { reviewListAnswer, reviewPostedAnswer } from '@tessera/core/contracts/reviews';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS, ownerSession, siteUserSession } from '../../../../test/auth-helpers.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 16: a signed-in buyer's review post and a product's review list (the review-form island and the
// reviews section) answer in the schemas `@tessera/core/contracts/reviews` publishes.

for (const dialect of DIALECTS) {
  describe(`review answers (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });

    it('answers a buyer’s review post 201 and the approved review in the list in their schemas', async () => {
      const owner = await ownerSession(suite.server, OWNERS.admin);
      expect((await owner.put('/api/config/reviews/settings', { enabled: true })).status).toBe(200);
      const itemId = (await demoItemIds(suite.server))['sticker-pack']!;
      const buyer = await siteUserSession(suite.server, {
        email: 'reviewer@example.com',
        password: 'reviewer-password',
      });
      await buyer.post('/api/commerce/shopping-cart/entries', { itemId, sku: 'STICKERS-BOT', quantity: 1 });
      const placed = await buyer.post('/api/checkout/orders', {
        idempotencyKey: 'review-answers-1',
        email: 'reviewer@example.com',
        line1: '1 Main St',
        city: 'Hudson',
        postalCode: '12534',
        country: 'US',
        paymentMethod: 'card',
        cardNumber: '4242 4242 4242 4242',
      });
      expect(placed.status).toBe(201);

      const posted = expectAnswer(
        reviewPostedAnswer,
        await buyer.post(`/api/reviews/products/${itemId}`, {
          rating: 4,
          title: 'Bright colours',
          body: 'They stay on my laptop through the rain.',
        }),
        201,
      );
      expect((await owner.put(`/api/config/reviews/${posted.reviewId}/status`, { status: 'approved' })).status).toBe(
        200,
      );
      const list = expectAnswer(
        reviewListAnswer,
        await new Visitor(suite.server.url).get(`/api/reviews/products/${itemId}`),
      );
      expect(list.summary.count).toBe(1);
      expect(list.reviews[0]).toMatchObject({ id: posted.reviewId, rating: 4, reply: null, photos: [] });
      expect(list).toMatchObject({ sort: 'newest', page: 1 });
    });

    it('publishes the answer schemas at /api/openapi.json', async () => {
      const doc = await openApiDocument(new Visitor(suite.server.url));
      expectPublishedAnswer(doc, 'GET', '/api/reviews/products/{itemId}', reviewListAnswer);
      expectPublishedAnswer(doc, 'POST', '/api/reviews/products/{itemId}', reviewPostedAnswer, 201);
    });
  });
}
