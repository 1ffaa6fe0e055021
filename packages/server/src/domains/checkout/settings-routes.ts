import {
  type CheckoutSettings,
  checkoutSettings,
  type Coupon,
  couponsBody,
  shippingOptionsBody,
  taxRulesBody,
} from '@tessera/core/contracts/checkout-settings';
import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../auth/index.js';
import { newId, nowIso } from '../../platform/ids.js';
import { ensureCheckoutDefaults } from './defaults.js';
import { parseWithFields } from './field-errors.js';
import { shippingCountriesOf } from './shipping-countries.js';

/**
 * Owner API for the store's checkout settings (`requireOwner('store')`): read them all, or replace
 * the shipping options, the tax rules or the coupons, each list as a whole in one transaction.
 */
export function registerCheckoutSettingsRoutes(app: FastifyInstance): void {
  const store = { preHandler: requireOwner('store') };
  // Every route answers the whole settings.
  const settingsRoute = (body?: typeof shippingOptionsBody | typeof taxRulesBody | typeof couponsBody) => ({
    ...store,
    config: { contract: { ...(body ? { body } : {}), response: { 200: checkoutSettings } } },
  });

  async function read(siteId: string): Promise<CheckoutSettings> {
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
        kind: r.kind as Coupon['kind'],
        value: r.value,
        minSubtotalCents: r.min_subtotal_cents,
        active: r.active === 1,
      })),
    };
  }

  app.get('/api/config/checkout', settingsRoute(), async (request) => read(request.owner!.websiteId));

  app.put('/api/config/checkout/shipping-options', settingsRoute(shippingOptionsBody), async (request) => {
    const body = parseWithFields(shippingOptionsBody, request.body);
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
  });

  app.put('/api/config/checkout/tax-rules', settingsRoute(taxRulesBody), async (request) => {
    const body = parseWithFields(taxRulesBody, request.body);
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

  app.put('/api/config/checkout/coupons', settingsRoute(couponsBody), async (request, reply) => {
    const body = parseWithFields(couponsBody, request.body);
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
  });
}
