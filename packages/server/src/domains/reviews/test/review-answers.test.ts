import {
  ownerReviewList,
  reviewDeletedAnswer,
  reviewListAnswer,
  reviewPostedAnswer,
  reviewReplyAnswer,
  reviewRequestsAnswer,
  reviewSettings,
  reviewStatusAnswer,
} from '@tessera/core/contracts/reviews';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS, ownerSession, siteUserSession } from '../../../../test/auth-helpers.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 16: a signed-in buyer's review post and a product's review list (the review-form island and the
// reviews section), and the owner's moderation (the editor's Reviews panel), answer in the schemas
// `@tessera/core/contracts/reviews` publishes.

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
      const pending = expectAnswer(ownerReviewList, await owner.get('/api/config/reviews?status=pending'));
      expect(pending.reviews).toEqual([
        expect.objectContaining({ id: posted.reviewId, status: 'pending', itemId, productTitle: expect.any(String) }),
      ]);
      const approved = expectAnswer(
        reviewStatusAnswer,
        await owner.put(`/api/config/reviews/${posted.reviewId}/status`, { status: 'approved' }),
      );
      expect(approved).toEqual({ id: posted.reviewId, status: 'approved' });
      const list = expectAnswer(
        reviewListAnswer,
        await new Visitor(suite.server.url).get(`/api/reviews/products/${itemId}`),
      );
      expect(list.summary.count).toBe(1);
      expect(list.reviews[0]).toMatchObject({ id: posted.reviewId, rating: 4, reply: null, photos: [] });
      expect(list).toMatchObject({ sort: 'newest', page: 1 });

      const replied = expectAnswer(
        reviewReplyAnswer,
        await owner.put(`/api/config/reviews/${posted.reviewId}/reply`, { reply: 'Thank you!' }),
      );
      expect(replied).toEqual({ id: posted.reviewId, reply: 'Thank you!' });
      const unreplied = await owner.put(`/api/config/reviews/${posted.reviewId}/reply`, { reply: ' ' });
      expect(expectAnswer(reviewReplyAnswer, unreplied).reply).toBeNull();
      expect(expectAnswer(reviewSettings, await owner.get('/api/config/reviews/settings'))).toEqual({
        enabled: true,
        anyUser: false,
        requestDelayDays: 7,
      });
      // The order is not fulfilled: no request is due yet.
      expect(expectAnswer(reviewRequestsAnswer, await owner.post('/api/config/reviews/requests', {}))).toEqual({
        sent: 0,
      });
      const deleted = expectAnswer(reviewDeletedAnswer, await owner.delete(`/api/config/reviews/${posted.reviewId}`));
      expect(deleted).toEqual({ id: posted.reviewId, deleted: true });
      expect(expectAnswer(ownerReviewList, await owner.get('/api/config/reviews')).reviews).toEqual([]);
    });

    it('publishes the answer schemas at /api/openapi.json', async () => {
      const doc = await openApiDocument(new Visitor(suite.server.url));
      expectPublishedAnswer(doc, 'GET', '/api/reviews/products/{itemId}', reviewListAnswer);
      expectPublishedAnswer(doc, 'POST', '/api/reviews/products/{itemId}', reviewPostedAnswer, 201);
      expectPublishedAnswer(doc, 'GET', '/api/config/reviews', ownerReviewList);
      expectPublishedAnswer(doc, 'PUT', '/api/config/reviews/{reviewId}/status', reviewStatusAnswer);
      expectPublishedAnswer(doc, 'PUT', '/api/config/reviews/{reviewId}/reply', reviewReplyAnswer);
      expectPublishedAnswer(doc, 'DELETE', '/api/config/reviews/{reviewId}', reviewDeletedAnswer);
      expectPublishedAnswer(doc, 'POST', '/api/config/reviews/requests', reviewRequestsAnswer);
      expectPublishedAnswer(doc, 'GET', '/api/config/reviews/settings', reviewSettings);
      expectPublishedAnswer(doc, 'PUT', '/api/config/reviews/settings', reviewSettings);
    });
  });
}
