import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { stableId } from '../../platform/ids.js';

/** The starting order number: the first order of a site is #1001. */
export const FIRST_ORDER_NUMBER = 1001;

/** The demo shop's example coupons (its README and the checkout tests use them). */
export const DEMO_COUPONS = [
  { code: 'WELCOME10', kind: 'percent', value: 10, min_subtotal_cents: 0 },
  { code: 'FIVEOFF', kind: 'fixed', value: 500, min_subtotal_cents: 2000 },
  { code: 'FREESHIP', kind: 'free-shipping', value: 0, min_subtotal_cents: 0 },
] as const;

/**
 * The store's checkout settings until the owner changes them: two shipping options, a US sales
 * tax and the order counter, written once per site, when the site is created (`seed/seed.ts`,
 * `sites/starter-site.ts`) and again, lazily, before a site's first checkout if they are missing.
 * The three example coupons (`DEMO_COUPONS`) come with the demo shop only (`demoCoupons`): any other
 * site would otherwise open with public, active, unlimited discount codes its owner never made. Stable ids
 * and "do nothing on any conflict" (no target column: a clash on `id` or on the coupons'
 * `(site_id, code)` alike) make it safe to run from many requests and processes at once (issue 15,
 * finding 18). Runs inside the caller's transaction when given one.
 */
export async function ensureCheckoutDefaults(
  db: Kysely<Database>,
  siteId: string,
  { demoCoupons = false }: { demoCoupons?: boolean } = {},
): Promise<void> {
  // The order counter is written last: once it exists the site has had its defaults, and an
  // owner who since removed a seeded option or coupon does not see it come back.
  const seeded = await db
    .selectFrom('order_counters')
    .select('site_id')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (seeded) return;
  const now = new Date().toISOString();
  await db
    .insertInto('shipping_options')
    .values([
      {
        id: stableId(siteId, 'shipping', 'standard'),
        site_id: siteId,
        name: 'Standard shipping',
        amount_cents: 800,
        free_over_cents: 10_000,
        position: 0,
        created_at: now,
      },
      {
        id: stableId(siteId, 'shipping', 'express'),
        site_id: siteId,
        name: 'Express shipping',
        amount_cents: 2000,
        free_over_cents: null,
        position: 1,
        created_at: now,
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('tax_rules')
    .values({
      id: stableId(siteId, 'tax', 'us-sales'),
      site_id: siteId,
      name: 'Sales tax',
      rate_basis_points: 800,
      tax_shipping: 1,
      countries: JSON.stringify(['US']),
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (demoCoupons) {
    await db
      .insertInto('coupons')
      .values(
        DEMO_COUPONS.map((c) => ({
          ...c,
          id: stableId(siteId, 'coupon', c.code),
          site_id: siteId,
          active: 1,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await db
    .insertInto('order_counters')
    .values({ site_id: siteId, last_number: FIRST_ORDER_NUMBER - 1 })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
