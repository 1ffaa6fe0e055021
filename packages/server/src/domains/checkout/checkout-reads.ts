import { type Kysely, PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom as postgresArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteArray } from 'kysely/helpers/sqlite';
import type { CartEntryRow, Database } from '../../platform/db/schema.js';

/** What pricing a cart reads besides its products: one statement (see {@link readCheckoutRows}). */
export interface CheckoutRows {
  /** The site row's currency, locale and settings (undefined: no such site). */
  site: { currency: string; locale: string; settings: string | null } | undefined;
  entries: CartEntryRow[];
  shipping: ShippingRow[];
  taxRules: TaxRuleRow[];
  coupons: CouponRow[];
  /** The site's enabled webhook endpoints (placing an order records its events for them). */
  webhookEndpoints: WebhookEndpointEvents[];
}

/** An enabled webhook endpoint and its JSON list of event types (as `enabledWebhookEndpoints` answers). */
export interface WebhookEndpointEvents {
  id: string;
  events: string;
}

export interface ShippingRow {
  id: string;
  name: string;
  amount_cents: number;
  free_over_cents: number | null;
  position: number;
  countries: string;
}

export interface TaxRuleRow {
  id: string;
  name: string;
  rate_basis_points: number;
  tax_shipping: number;
  countries: string;
}

export interface CouponRow {
  code: string;
  kind: string;
  value: number;
  min_subtotal_cents: number;
}

/**
 * The site row, the cart's entries, the shipping options, the tax rules, the active coupons among
 * `codes` and the enabled webhook endpoints, in one statement: each list a JSON
 * array column of one `select` (issue 20: on PostgreSQL every statement is a round trip, and these
 * were five or six of them, in the order's transaction). The lists are sorted here, not trusted to
 * keep their subqueries' order through the JSON aggregate.
 */
export async function readCheckoutRows(
  db: Kysely<Database>,
  siteId: string,
  cartId: string,
  codes: readonly string[],
): Promise<CheckoutRows> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const array = <O>(query: SelectQueryBuilder<Database, keyof Database, O>) =>
    postgres ? postgresArray(query) : sqliteArray(query);
  const site = (column: 'currency' | 'locale' | 'settings') =>
    db.selectFrom('sites').select(column).where('id', '=', siteId);
  const row = await db
    .selectNoFrom((eb) => [
      site('currency').as('currency'),
      site('locale').as('locale'),
      site('settings').as('settings'),
      eb.selectFrom('sites').select(eb.lit(1).as('one')).where('id', '=', siteId).as('site_exists'),
      array(
        eb
          .selectFrom('cart_entries')
          .select(['id', 'cart_id', 'item_id', 'sku', 'quantity', 'additional_fields', 'created_at', 'updated_at'])
          .where('cart_id', '=', cartId),
      ).as('entries'),
      array(
        eb
          .selectFrom('shipping_options')
          .select(['id', 'name', 'amount_cents', 'free_over_cents', 'position', 'countries'])
          .where('site_id', '=', siteId),
      ).as('shipping'),
      array(
        eb
          .selectFrom('tax_rules')
          .select(['id', 'name', 'rate_basis_points', 'tax_shipping', 'countries'])
          .where('site_id', '=', siteId),
      ).as('tax_rules'),
      array(
        eb
          .selectFrom('coupons')
          .select(['code', 'kind', 'value', 'min_subtotal_cents'])
          .where('site_id', '=', siteId)
          // No codes: a condition no row meets, so the statement keeps one shape.
          .where('code', 'in', codes.length ? [...codes] : [''])
          .where('active', '=', 1),
      ).as('coupons'),
      array(
        eb
          .selectFrom('webhook_endpoints')
          .select(['id', 'events'])
          .where('site_id', '=', siteId)
          .where('enabled', '=', 1),
      ).as('webhooks'),
    ])
    .executeTakeFirstOrThrow();
  const entries = list<CartEntryRow>(row.entries).sort(
    (a, b) => compare(a.created_at, b.created_at) || compare(a.id, b.id),
  );
  const shipping = list<ShippingRow>(row.shipping).sort((a, b) => a.position - b.position || compare(a.id, b.id));
  const taxRules = list<TaxRuleRow>(row.tax_rules).sort((a, b) => compare(a.id, b.id));
  return {
    site:
      row.site_exists === null || row.site_exists === undefined
        ? undefined
        : { currency: String(row.currency), locale: String(row.locale), settings: row.settings ?? null },
    entries,
    shipping,
    taxRules,
    coupons: list<CouponRow>(row.coupons),
    webhookEndpoints: list<WebhookEndpointEvents>(row.webhooks),
  };
}

/** A JSON array column: parsed by pg on PostgreSQL, a string on SQLite. */
function list<T>(value: unknown): T[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/** Code-point order, as the databases' `order by` on these ASCII ids and ISO dates. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
