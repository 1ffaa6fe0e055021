import { describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.js';
import { JOBS } from '../src/jobs.js';
import { purgeExpiredData, RETENTION } from '../src/retention.js';
import { createJobScheduler } from '../src/platform/jobs/scheduler.js';
import { DEMO_SITE_ID } from '../src/seed/seed.js';
import { DIALECTS } from '../src/testing.js';
import { addToCart } from './cart-helpers.js';
import { Visitor } from './visitor.js';
import { suiteServer } from './suite-server.js';

// Issue 15 ("Also"): carts and raw tracking rows past their retention are purged by a scheduled job.

const DAY = 86_400_000;

function event(id: string, createdAt: string) {
  return {
    id,
    site_id: DEMO_SITE_ID,
    source: 'event',
    name: 'Test',
    visitor_id: 'v',
    session_id: 's',
    path: '/',
    item_id: null,
    value_cents: null,
    currency: null,
    data: '{}',
    created_at: createdAt,
  };
}

for (const dialect of DIALECTS) {
  describe(`data retention (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });

    it('retention: carts untouched for 90 days and raw tracking rows older than 400 days are purged by the scheduled job', async () => {
      const now = new Date('2030-06-01T00:00:00.000Z');
      const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
      const cartOf = async (visitor: Visitor) =>
        suite.server.db
          .selectFrom('carts')
          .selectAll()
          .where('token', '=', visitor.cartToken!)
          .executeTakeFirstOrThrow();

      const abandoned = Visitor.of(suite.server);
      const recent = Visitor.of(suite.server);
      const editedLately = Visitor.of(suite.server);
      for (const visitor of [abandoned, recent, editedLately]) {
        await addToCart(suite.server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 1 });
      }
      const [oldCart, newCart, touchedCart] = [
        await cartOf(abandoned),
        await cartOf(recent),
        await cartOf(editedLately),
      ];
      const age = async (cartId: string, cartDays: number, entryDays: number) => {
        await suite.server.db
          .updateTable('carts')
          .set({ updated_at: ago(cartDays) })
          .where('id', '=', cartId)
          .execute();
        await suite.server.db
          .updateTable('cart_entries')
          .set({ updated_at: ago(entryDays) })
          .where('cart_id', '=', cartId)
          .execute();
      };
      await age(oldCart.id, RETENTION.cartDays + 1, RETENTION.cartDays + 1);
      await age(newCart.id, RETENTION.cartDays - 1, RETENTION.cartDays - 1);
      await age(touchedCart.id, RETENTION.cartDays + 5, 2);

      const oldEvent = newId();
      const newEvent = newId();
      await suite.server.db
        .insertInto('tracking_events')
        .values([event(oldEvent, ago(RETENTION.trackingDays + 1)), event(newEvent, ago(RETENTION.trackingDays - 1))])
        .execute();

      const cartsLeft = async () =>
        (
          await suite.server.db
            .selectFrom('carts')
            .select('id')
            .where('id', 'in', [oldCart.id, newCart.id, touchedCart.id])
            .execute()
        )
          .map((c) => c.id)
          .sort();
      const outcome = await suite.server.app.services.jobs!.run(JOBS.retention, now);
      expect(outcome).toMatchObject({ carts: 1, tracking: { tracking_events: 1 } });
      expect(await cartsLeft()).toEqual([newCart.id, touchedCart.id].sort());
      expect(
        await suite.server.db.selectFrom('cart_entries').select('id').where('cart_id', '=', oldCart.id).execute(),
      ).toEqual([]);
      const events = await suite.server.db
        .selectFrom('tracking_events')
        .select('id')
        .where('id', 'in', [oldEvent, newEvent])
        .execute();
      expect(events.map((e) => e.id)).toEqual([newEvent]);
      // The abandoned cart's visitor simply starts a new one.
      expect((await abandoned.get('/api/commerce/shopping-cart')).body.entries).toEqual([]);

      // Two purges at once (two processes) delete nothing more and do not fail.
      const again = await Promise.all([purgeExpiredData(suite.server.db, now), purgeExpiredData(suite.server.db, now)]);
      expect(again.map((a) => a.carts)).toEqual([0, 0]);
      expect(await cartsLeft()).toEqual([newCart.id, touchedCart.id].sort());
    });

    it('retention: the scheduler runs its jobs on start, waits for a round on stop, and reports a failing job', async () => {
      const runs: string[] = [];
      const errors: string[] = [];
      const scheduler = createJobScheduler(
        [
          { name: 'ok', run: async (now) => runs.push(now.toISOString()) },
          {
            name: 'broken',
            run: async () => {
              throw new Error('boom');
            },
          },
        ],
        { intervalMs: 60_000, onError: (job) => errors.push(job) },
      );
      scheduler.start();
      await scheduler.stop();
      expect(runs).toHaveLength(1);
      expect(errors).toEqual(['broken']);
      await expect(scheduler.run('broken', new Date())).rejects.toThrow('boom');
      expect(await scheduler.run('ok', new Date('2031-01-01T00:00:00.000Z'))).toBe(2);
      expect(runs[1]).toBe('2031-01-01T00:00:00.000Z');
    });
  });
}
