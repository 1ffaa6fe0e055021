import { formatMoney } from '@tessera/core';
import type { AccountOrder } from '@tessera/core/contracts/site-users';
import type { Kysely } from 'kysely';
import { ownTables } from '../../platform/db/own-tables.js';
import type { Database } from '../../platform/db/schema.js';
import type { SiteUserIdentity } from './site-user-service.js';

/**
 * The account area lists orders and restock sign-ups, whose tables later migrations add
 * (checkout, restock). Until a table exists its list is empty; once it does, rows are matched to
 * the user by a `site_user_id` column or, failing that, by the email column the table has.
 */
/** An order as the account area lists it: the published contract's (`@tessera/core/contracts/site-users`). */
export type OrderSummary = AccountOrder;

export interface RestockSummary {
  id: string;
  product: string;
  variant: string;
  signedUpOn: string;
}

const TABLE_CHECK_MS = 60_000;
const EMAIL_COLUMNS = ['customer_email', 'email', 'site_visitor_email'];

class TableCatalogue {
  private columns = new Map<string, Set<string>>();
  private checkedAt = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async columnsOf(table: string): Promise<Set<string> | undefined> {
    if (!this.columns.has(table) && Date.now() - this.checkedAt > TABLE_CHECK_MS) {
      this.checkedAt = Date.now();
      const tables = await ownTables(this.db);
      this.columns = new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
    }
    return this.columns.get(table);
  }

  async firstTable(names: string[]): Promise<{ name: string; columns: Set<string> } | undefined> {
    for (const name of names) {
      const columns = await this.columnsOf(name);
      if (columns) return { name, columns };
    }
    return undefined;
  }
}

function pick(row: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (row[name] !== undefined && row[name] !== null) return row[name];
  return undefined;
}

function day(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

export function createAccountHistory(db: Kysely<Database>) {
  const catalogue = new TableCatalogue(db);

  /** Rows of `table` that belong to `user`, newest first, at most `limit`. */
  async function rowsFor(
    table: { name: string; columns: Set<string> },
    user: SiteUserIdentity,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    const { name, columns } = table;
    const emailColumn = EMAIL_COLUMNS.find((c) => columns.has(c));
    const owner = columns.has('site_user_id')
      ? { column: 'site_user_id', value: user.id }
      : emailColumn
        ? { column: emailColumn, value: user.email }
        : undefined;
    if (!owner) return [];
    let query = (db as unknown as Kysely<any>).selectFrom(name).selectAll().where(owner.column, '=', owner.value);
    if (columns.has('site_id')) query = query.where('site_id', '=', user.websiteId);
    if (columns.has('created_at')) query = query.orderBy('created_at', 'desc');
    return query.limit(limit).execute();
  }

  return {
    async orders(user: SiteUserIdentity, limit = 50): Promise<OrderSummary[]> {
      const table = await catalogue.firstTable(['orders']);
      if (!table) return [];
      const rows = await rowsFor(table, user, limit);
      return rows.map((row) => {
        const cents = Number(pick(row, 'grand_total_cents', 'total_cents', 'subtotal_cents') ?? 0);
        const currency = String(pick(row, 'currency') ?? 'USD');
        return {
          id: String(row.id),
          number: String(pick(row, 'order_number', 'number', 'id')),
          placedOn: day(pick(row, 'created_at', 'placed_at')),
          total: Number.isFinite(cents) ? formatMoney(cents, currency) : '',
          status: String(pick(row, 'status', 'fulfillment_status') ?? ''),
        };
      });
    },

    async restockSignups(user: SiteUserIdentity, limit = 50): Promise<RestockSummary[]> {
      const table = await catalogue.firstTable(['restock_signups', 'restock_notifications', 'restock_requests']);
      if (!table) return [];
      const rows = await rowsFor(table, user, limit);
      const itemIds = [
        ...new Set(rows.map((r) => pick(r, 'product_id', 'item_id')).filter((v) => typeof v === 'string')),
      ];
      const titles = new Map<string, string>();
      if (itemIds.length > 0) {
        const items = await db
          .selectFrom('items')
          .select(['id', 'title'])
          .where('id', 'in', itemIds as string[])
          .execute();
        for (const item of items) titles.set(item.id, item.title);
      }
      return rows.map((row) => {
        const itemId = String(pick(row, 'product_id', 'item_id') ?? '');
        return {
          id: String(row.id),
          product: titles.get(itemId) ?? 'A product no longer in the store',
          variant: String(pick(row, 'sku', 'variant_id') ?? ''),
          signedUpOn: day(pick(row, 'created_at')),
        };
      });
    },
  };
}

export type AccountHistory = ReturnType<typeof createAccountHistory>;
