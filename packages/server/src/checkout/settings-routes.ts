import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/owner-guard.js';
import { parseInput } from '../http/validate.js';
import { newId, nowIso } from '../ids.js';
import { ensureCheckoutDefaults } from './defaults.js';

const name = z.string().trim().min(1, 'name cannot be empty.').max(100, 'name is too long.');
const cents = z.number({ error: 'Amounts are whole minor units.' }).int().min(0).max(100_000_000);

const shippingBody = z.object({
  shippingOptions: z
    .array(z.object({ name, amountCents: cents, freeOverCents: cents.nullable().optional() }))
    .max(20, 'At most 20 shipping options.'),
});

const taxBody = z.object({
  taxRules: z
    .array(
      z.object({
        name,
        rateBasisPoints: z.number().int().min(0).max(10_000),
        taxShipping: z.boolean().optional(),
        countries: z
          .array(z.string().regex(/^[A-Za-z]{2}$/, 'Countries are 2-letter codes.'))
          .max(300)
          .optional(),
      }),
    )
    .max(50, 'At most 50 tax rules.'),
});

const couponBody = z.object({
  coupons: z
    .array(
      z
        .object({
          code: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_-]{3,32}$/, 'A code is 3–32 letters, digits, dashes or underscores.'),
          kind: z.enum(['percent', 'fixed', 'free-shipping']),
          value: z.number().int().min(0).max(100_000_000),
          minSubtotalCents: cents.optional(),
          active: z.boolean().optional(),
        })
        .refine((c) => c.kind !== 'percent' || (c.value >= 1 && c.value <= 100), 'A percent coupon takes 1–100.'),
    )
    .max(200, 'At most 200 coupons.'),
});

/**
 * Owner API for the store's checkout settings (`requireOwner('store')`): read them all, or replace
 * the shipping options, the tax rules or the coupons, each list as a whole in one transaction.
 */
export function registerCheckoutSettingsRoutes(app: FastifyInstance): void {
  const store = { preHandler: requireOwner('store') };

  async function read(siteId: string) {
    await ensureCheckoutDefaults(app.db, siteId);
    const [shipping, tax, coupons] = await Promise.all([
      app.db.selectFrom('shipping_options').selectAll().where('site_id', '=', siteId).orderBy('position').execute(),
      app.db.selectFrom('tax_rules').selectAll().where('site_id', '=', siteId).orderBy('created_at').execute(),
      app.db.selectFrom('coupons').selectAll().where('site_id', '=', siteId).orderBy('code').execute(),
    ]);
    return {
      shippingOptions: shipping.map((r) => ({
        id: r.id,
        name: r.name,
        amountCents: r.amount_cents,
        freeOverCents: r.free_over_cents,
      })),
      taxRules: tax.map((r) => ({
        id: r.id,
        name: r.name,
        rateBasisPoints: r.rate_basis_points,
        taxShipping: r.tax_shipping === 1,
        countries: JSON.parse(r.countries) as string[],
      })),
      coupons: coupons.map((r) => ({
        code: r.code,
        kind: r.kind,
        value: r.value,
        minSubtotalCents: r.min_subtotal_cents,
        active: r.active === 1,
      })),
    };
  }

  app.get('/api/config/checkout', store, async (request) => read(request.owner!.websiteId));

  app.put('/api/config/checkout/shipping-options', store, async (request) => {
    const body = parseInput(shippingBody, request.body);
    const siteId = request.owner!.websiteId;
    await ensureCheckoutDefaults(app.db, siteId);
    await app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('shipping_options').where('site_id', '=', siteId).execute();
      if (body.shippingOptions.length === 0) return;
      await trx
        .insertInto('shipping_options')
        .values(
          body.shippingOptions.map((o, position) => ({
            id: newId(),
            site_id: siteId,
            name: o.name,
            amount_cents: o.amountCents,
            free_over_cents: o.freeOverCents ?? null,
            position,
            created_at: nowIso(),
          })),
        )
        .execute();
    });
    return read(siteId);
  });

  app.put('/api/config/checkout/tax-rules', store, async (request) => {
    const body = parseInput(taxBody, request.body);
    const siteId = request.owner!.websiteId;
    await ensureCheckoutDefaults(app.db, siteId);
    await app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tax_rules').where('site_id', '=', siteId).execute();
      if (body.taxRules.length === 0) return;
      await trx
        .insertInto('tax_rules')
        .values(
          body.taxRules.map((r) => ({
            id: newId(),
            site_id: siteId,
            name: r.name,
            rate_basis_points: r.rateBasisPoints,
            tax_shipping: r.taxShipping ? 1 : 0,
            countries: JSON.stringify((r.countries ?? []).map((c) => c.toUpperCase())),
            created_at: nowIso(),
          })),
        )
        .execute();
    });
    return read(siteId);
  });

  app.put('/api/config/checkout/coupons', store, async (request, reply) => {
    const body = parseInput(couponBody, request.body);
    const siteId = request.owner!.websiteId;
    const codes = body.coupons.map((c) => c.code.toUpperCase());
    if (new Set(codes).size !== codes.length) {
      return reply.code(400).send({ error: 'duplicate-coupon', message: 'Each coupon code may appear once.' });
    }
    await ensureCheckoutDefaults(app.db, siteId);
    await app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('coupons').where('site_id', '=', siteId).execute();
      if (body.coupons.length === 0) return;
      await trx
        .insertInto('coupons')
        .values(
          body.coupons.map((c) => ({
            id: newId(),
            site_id: siteId,
            code: c.code.toUpperCase(),
            kind: c.kind,
            value: c.kind === 'free-shipping' ? 0 : c.value,
            min_subtotal_cents: c.minSubtotalCents ?? 0,
            active: c.active === false ? 0 : 1,
            created_at: nowIso(),
          })),
        )
        .execute();
    });
    return read(siteId);
  });
}
