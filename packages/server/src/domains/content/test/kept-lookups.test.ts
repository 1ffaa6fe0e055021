// What a product page reads besides the product itself (its reviews section, the review settings, the
// Stripe connection behind the installment line) is kept with the site's content (issue 20): a stock
// change leaves it, and a write to what it reads forgets it at once.
import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { newId } from '../../../platform/ids.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';
import { limitedVariant } from '../../../../test/limited-variant.js';

for (const dialect of DIALECTS) {
  describe(`lookups kept with the product page (${dialect})`, () => {
    let manager: Visitor;
    const suite = suiteServer(dialect, {});
    beforeAll(async () => {
      await createOwner(suite.server.db, {
        email: 'sm@kept.test',
        password: 'store-password',
        roles: [WebsiteRole.ADMIN],
      });
      manager = await signInOwner(suite.server.url, 'sm@kept.test', 'store-password');
    });

    it('keeps a product page’s reviews and payment connection through a stock change, not through their own writes', async () => {
      const variant = await limitedVariant(suite.server, 'wool-scarf');
      const { content, reviews, hostedPayments } = suite.server.app.services;
      const site = await content.getSiteForHost('localhost');
      const db = suite.server.db;
      // What the product page asks besides the product (shop-pages.ts): its reviews section as most
      // visitors see it (no sort, first page) and the Stripe connection behind the installment line.
      const lookups = async () => {
        const shown = await reviews!.section({
          siteId: site.id,
          itemId: variant.itemId,
          path: '/shop/p/wool-scarf',
          query: {},
        });
        await hostedPayments!.registry.providerFor(site.id, 'stripe');
        return shown;
      };
      const misses = () => content.cacheStats().misses;
      const first = await lookups();
      expect(first).toBeDefined();
      let before = misses();
      await lookups();
      expect(misses()).toBe(before);

      // A stock write leaves them.
      await db
        .updateTable('product_variants')
        .set({ qty_in_stock: variant.qty_in_stock + 3 })
        .where('id', '=', variant.id)
        .execute();
      before = misses();
      await lookups();
      expect(misses()).toBe(before);

      // A review approved: the section is read again and counts it.
      const now = new Date().toISOString();
      const reviewId = newId();
      await db
        .insertInto('product_reviews')
        .values({
          id: reviewId,
          site_id: site.id,
          item_id: variant.itemId,
          author_key: `cache-${reviewId}@example.com`,
          site_user_id: null,
          order_id: null,
          author_name: 'Cache Tester',
          rating: 4,
          title: `Kept fresh ${reviewId}`,
          body: 'Warm.',
          status: 'approved',
          reply: null,
          replied_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      before = misses();
      const after = await lookups();
      expect(misses()).toBeGreaterThan(before);
      expect(after!.section.summary.count).toBe(first!.section.summary.count + 1);
      expect(after!.section.reviews.map((r) => r.title)).toContain(`Kept fresh ${reviewId}`);
      await db.deleteFrom('product_reviews').where('id', '=', reviewId).execute();

      // The owner turns reviews off: gone from the next page; on again: back.
      expect((await manager.put('/api/config/reviews/settings', { enabled: false })).status).toBe(200);
      expect(await lookups()).toBeUndefined();
      expect(String((await new Visitor(suite.server.url).get('/shop/p/wool-scarf')).body)).not.toContain(
        'id="reviews"',
      );
      expect((await manager.put('/api/config/reviews/settings', { enabled: true })).status).toBe(200);
      expect((await lookups())?.section.summary.count).toBe(first!.section.summary.count);

      // A write to the payment connections: the connection is read again.
      await lookups();
      await db
        .insertInto('payment_connections')
        .values({
          id: newId(),
          site_id: site.id,
          provider: 'paypal',
          mode: 'test',
          config: 'v1.unreadable',
          hints: '{}',
          created_at: now,
          updated_at: now,
        })
        .execute();
      before = misses();
      await hostedPayments!.registry.providerFor(site.id, 'stripe');
      expect(misses()).toBe(before + 1);
      await db
        .deleteFrom('payment_connections')
        .where('site_id', '=', site.id)
        .where('provider', '=', 'paypal')
        .execute();
    });
  });
}
