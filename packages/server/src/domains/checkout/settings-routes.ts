import type { FastifyInstance } from 'fastify';
import { COUNTRY_MESSAGES, isIsoCountry } from '@tessera/core';
import { z } from 'zod';
import { requireOwner } from '../auth/owner-guard.js';
import { newId, nowIso } from '../../platform/ids.js';
import { ensureCheckoutDefaults } from './defaults.js';
import { parseWithFields } from './field-errors.js';
import { shippingCountriesOf } from './shipping-countries.js';

const name = z.string().trim().min(1, 'name cannot be empty.').max(100, 'name is too long.');
const cents = z
  .number({ error: 'Amounts are whole minor units.' })
  .int('Amounts are whole minor units.')
  .min(0, 'An amount cannot be negative.')
  .max(100_000_000, 'That amount is too large.');

/** ISO 3166-1 alpha-2 codes (issue 15, finding 16), stored upper case. */
const countryList = z
  .array(
    z
      .string()
      .refine((code) => isIsoCountry(code), COUNTRY_MESSAGES.notACountry)
      .transform((code) => code.toUpperCase()),
  )
  .max(300);

const shippingBody = z.object({
  shippingOptions: z
    .array(
      z.object({
        name,
        amountCents: cents,
        freeOverCents: cents.nullable().optional(),
        /** Where the option ships; empty or left out: everywhere. */
        countries: countryList.optional(),
      }),
    )
    .max(20, 'At most 20 shipping options.'),
});

const taxBody = z.object({
  taxRules: z
    .array(
      z.object({
        name,
        rateBasisPoints: z
          .number({ error: 'A rate is a number of basis points (8.25% is 825).' })
          .int('A rate is a whole number of basis points (8.25% is 825).')
          .min(0, 'A rate cannot be negative.')
          .max(10_000, 'A rate is at most 100%.'),
        taxShipping: z.boolean().optional(),
        countries: countryList.optional(),
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
          value: z
            .number({ error: 'Enter the value as a number.' })
            .int('Enter the value as a whole number (a percent, or minor units).')
            .min(0, 'The value cannot be negative.')
            .max(100_000_000, 'That value is too large.'),
          minSubtotalCents: cents.optional(),
          active: z.boolean().optional(),
        })
        .refine((c) => c.kind !== 'percent' || (c.value >= 1 && c.value <= 100), {
          message: 'A percent coupon takes 1–100.',
          path: ['value'],
        }),
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
    const [site, shipping, tax, coupons] = await Promise.all([
      app.db.selectFrom('sites').select(['currency', 'locale']).where('id', '=', siteId).executeTakeFirstOrThrow(),
      app.db.selectFrom('shipping_options').selectAll().where('site_id', '=', siteId).orderBy('position').execute(),
      app.db.selectFrom('tax_rules').selectAll().where('site_id', '=', siteId).orderBy('created_at').execute(),
      app.db.selectFrom('coupons').selectAll().where('site_id', '=', siteId).orderBy('code').execute(),
    ]);
    return {
      currency: site.currency,
      locale: site.locale,
      shippingOptions: shipping.map((r) => ({
        id: r.id,
        name: r.name,
        amountCents: r.amount_cents,
        freeOverCents: r.free_over_cents,
        countries: shippingCountriesOf(r.countries),
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

  app.put(
    '/api/config/checkout/shipping-options',
    { ...store, config: { contract: { body: shippingBody } } },
    async (request) => {
      const body = parseWithFields(shippingBody, request.body);
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
              countries: JSON.stringify([...new Set(o.countries ?? [])]),
              position,
              created_at: nowIso(),
            })),
          )
          .execute();
      });
      return read(siteId);
    },
  );

  app.put('/api/config/checkout/tax-rules', { ...store, config: { contract: { body: taxBody } } }, async (request) => {
    const body = parseWithFields(taxBody, request.body);
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

  app.put(
    '/api/config/checkout/coupons',
    { ...store, config: { contract: { body: couponBody } } },
    async (request, reply) => {
      const body = parseWithFields(couponBody, request.body);
      const siteId = request.owner!.websiteId;
      const codes = body.coupons.map((c) => c.code.toUpperCase());
      const repeated = codes.findIndex((code, i) => codes.indexOf(code) !== i);
      if (repeated >= 0) {
        return reply.code(400).send({
          error: 'duplicate-coupon',
          message: 'Each coupon code may appear once.',
          fields: { [`coupons.${repeated}.code`]: 'Each coupon code may appear once.' },
        });
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
    },
  );
}
