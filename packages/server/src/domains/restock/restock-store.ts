import { RecordType } from '@tessera/core';
import type { RestockSignUp, SignUpGroup } from '@tessera/core/contracts/restock';
import type { Kysely } from 'kysely';
import type { Database, RestockSignupRow } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { parseSiteSettings } from '../settings/index.js';
import { decodeCursor, pageOf } from './cursor.js';

export const PAGE_SIZE = { default: 50, max: 200 } as const;

export interface SignUpInput {
  productId: string;
  variantId: string;
  email: string;
  joinMailingList: boolean;
}

/** Called in a sign-up's transaction (issue 21: the `restock.signed_up` webhook, the newsletter outboxes). */
export interface RestockHooks {
  afterSignedUp?(trx: Kysely<Database>, signUp: RestockSignUp & { siteId: string }): Promise<void>;
  afterSubscribed?(
    trx: Kysely<Database>,
    signup: {
      siteId: string;
      email: string;
      list: { id: string };
      form: { id: string; name: string };
      createdAt: string;
    },
  ): Promise<void>;
}

export type SignUpResult =
  | { ok: true; signUp: RestockSignUp; created: boolean }
  | { ok: false; error: 'item-not-found' | 'variant-not-found' };

export interface Page<T> {
  rows: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** The MAILING list restock sign-ups join: the site's first list, created when it has none. */
export const RESTOCK_LIST_NAME = 'Newsletter';

export function signUpJson(row: RestockSignupRow, productTitle?: string): RestockSignUp {
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    sku: row.sku,
    email: row.email,
    isJoinMailingList: row.join_mailing_list === 1,
    state: row.state as RestockSignUp['state'],
    createdOn: row.created_at,
    sentOn: row.sent_at,
    ...(productTitle !== undefined ? { productTitle } : {}),
  };
}

function limitOf(limit: number | undefined): number {
  if (!limit || !Number.isInteger(limit) || limit < 1) return PAGE_SIZE.default;
  return Math.min(limit, PAGE_SIZE.max);
}

function parseAttributes(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Reads and writes restock sign-ups. */
export function createRestockStore(db: Kysely<Database>, hooks: RestockHooks = {}) {
  /** The list the site settings chose (`website.mailingListId`), else the site's oldest, else a new one. */
  async function mailingListOf(siteId: string): Promise<string> {
    const site = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
    const chosen = parseSiteSettings(site?.settings).website?.mailingListId;
    if (typeof chosen === 'string') {
      const found = await db
        .selectFrom('mailing_lists')
        .select('id')
        .where('site_id', '=', siteId)
        .where('id', '=', chosen)
        .executeTakeFirst();
      if (found) return found.id;
    }
    const list = await db
      .selectFrom('mailing_lists')
      .select('id')
      .where('site_id', '=', siteId)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (list) return list.id;
    const id = newId();
    await db
      .insertInto('mailing_lists')
      .values({ id, site_id: siteId, name: RESTOCK_LIST_NAME, created_at: nowIso() })
      .execute();
    return id;
  }

  async function titles(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db.selectFrom('items').select(['id', 'title']).where('id', 'in', unique).execute();
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  return {
    /**
     * Records a sign-up; a second one for the same variant and address changes nothing (the
     * unique constraint absorbs it), except that an address already notified is signed up again.
     */
    async signUp(siteId: string, input: SignUpInput): Promise<SignUpResult> {
      const item = await db
        .selectFrom('items')
        .select(['id'])
        .where('id', '=', input.productId)
        .where('site_id', '=', siteId)
        .where('record_type', '=', RecordType.STORE_ITEM)
        .executeTakeFirst();
      if (!item) return { ok: false, error: 'item-not-found' };
      const variant = await db
        .selectFrom('product_variants')
        .select(['id', 'sku'])
        .where('item_id', '=', item.id)
        .where((eb) => eb.or([eb('id', '=', input.variantId), eb('sku', '=', input.variantId)]))
        .executeTakeFirst();
      if (!variant) return { ok: false, error: 'variant-not-found' };
      const email = input.email.trim().toLowerCase();
      const now = nowIso();
      const key = { product_id: item.id, variant_id: variant.id, email };
      const listId = input.joinMailingList ? await mailingListOf(siteId) : undefined;
      return db.transaction().execute(async (trx) => {
        // Someone told once and signing up again wants to be told next time: a fresh row (new id).
        await trx
          .deleteFrom('restock_signups')
          .where('product_id', '=', key.product_id)
          .where('variant_id', '=', key.variant_id)
          .where('email', '=', email)
          .where('state', '=', 'sent')
          .execute();
        const inserted = await trx
          .insertInto('restock_signups')
          .values({
            id: newId(),
            site_id: siteId,
            ...key,
            sku: variant.sku,
            join_mailing_list: input.joinMailingList ? 1 : 0,
            state: 'pending',
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['product_id', 'variant_id', 'email']).doNothing())
          .executeTakeFirst();
        const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
        if (listId) {
          const subscribed = await trx
            .insertInto('mailing_list_subscribers')
            .values({ id: newId(), list_id: listId, email, source: `restock:${item.id}`, created_at: now })
            .onConflict((oc) => oc.columns(['list_id', 'email']).doNothing())
            .executeTakeFirst();
          if (Number(subscribed.numInsertedOrUpdatedRows ?? 0) > 0 && hooks.afterSubscribed) {
            const form = { id: `restock:${item.id}`, name: 'Restock sign-up' };
            await hooks.afterSubscribed(trx, { siteId, email, list: { id: listId }, form, createdAt: now });
          }
          if (!created) {
            await trx
              .updateTable('restock_signups')
              .set({ join_mailing_list: 1 })
              .where('product_id', '=', key.product_id)
              .where('variant_id', '=', key.variant_id)
              .where('email', '=', email)
              .execute();
          }
        }
        const row = await trx
          .selectFrom('restock_signups')
          .selectAll()
          .where('product_id', '=', key.product_id)
          .where('variant_id', '=', key.variant_id)
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        const signUp = signUpJson(row);
        if (created && hooks.afterSignedUp) await hooks.afterSignedUp(trx, { ...signUp, siteId });
        return { ok: true as const, signUp, created };
      });
    },

    /**
     * Sign-ups oldest first, keyset-paged on (created_at, id), optionally of one product/variant
     * or one address.
     */
    async list(
      siteId: string,
      filter: { productId?: string; variantId?: string; email?: string; cursor?: string; limit?: number },
    ): Promise<Page<RestockSignUp>> {
      const limit = limitOf(filter.limit);
      let query = db.selectFrom('restock_signups').selectAll().where('site_id', '=', siteId);
      if (filter.productId) query = query.where('product_id', '=', filter.productId);
      if (filter.variantId) query = query.where('variant_id', '=', filter.variantId);
      if (filter.email) query = query.where('email', '=', filter.email.trim().toLowerCase());
      const after = decodeCursor(filter.cursor, 2);
      if (after) {
        const [createdAt, id] = after;
        query = query.where((eb) =>
          eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]),
        );
      }
      const rows = await query
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit + 1)
        .execute();
      const page = pageOf(rows, limit, (r) => [r.created_at, r.id]);
      const names = await titles(page.rows.map((r) => r.product_id));
      return { ...page, rows: page.rows.map((r) => signUpJson(r, names.get(r.product_id) ?? '')) };
    },

    /** Sign-ups grouped by variant (with pending / sent counts), keyset-paged on (product_id, variant_id). */
    async groups(siteId: string, filter: { cursor?: string; limit?: number }): Promise<Page<SignUpGroup>> {
      const limit = limitOf(filter.limit);
      let query = db
        .selectFrom('restock_signups')
        .select((eb) => [
          'product_id',
          'variant_id',
          eb.fn.countAll<number | string>().as('total'),
          eb.fn.sum<number | string>(eb.case().when('state', '=', 'pending').then(1).else(0).end()).as('pending'),
          eb.fn.sum<number | string>(eb.case().when('state', '=', 'sent').then(1).else(0).end()).as('sent'),
        ])
        .where('site_id', '=', siteId);
      const after = decodeCursor(filter.cursor, 2);
      if (after) {
        const [productId, variantId] = after;
        query = query.where((eb) =>
          eb.or([
            eb('product_id', '>', productId),
            eb.and([eb('product_id', '=', productId), eb('variant_id', '>', variantId)]),
          ]),
        );
      }
      const rows = await query
        .groupBy(['product_id', 'variant_id'])
        .orderBy('product_id')
        .orderBy('variant_id')
        .limit(limit + 1)
        .execute();
      const page = pageOf(rows, limit, (r) => [r.product_id, r.variant_id]);
      const names = await titles(page.rows.map((r) => r.product_id));
      const variantIds = page.rows.map((r) => r.variant_id);
      const variants =
        variantIds.length > 0
          ? await db
              .selectFrom('product_variants')
              .select(['id', 'sku', 'attributes'])
              .where('id', 'in', variantIds)
              .execute()
          : [];
      const byId = new Map(variants.map((v) => [v.id, v]));
      return {
        ...page,
        rows: page.rows.map((r) => ({
          productId: r.product_id,
          variantId: r.variant_id,
          sku: byId.get(r.variant_id)?.sku ?? '',
          productTitle: names.get(r.product_id) ?? '',
          attributes: parseAttributes(byId.get(r.variant_id)?.attributes ?? '{}'),
          pendingCount: Number(r.pending ?? 0),
          sentCount: Number(r.sent ?? 0),
          totalCount: Number(r.total),
        })),
      };
    },

    /** Variants of the site that have pending sign-ups. */
    async pendingVariants(siteId: string): Promise<{ productId: string; variantId: string }[]> {
      const rows = await db
        .selectFrom('restock_signups')
        .select(['product_id', 'variant_id'])
        .where('site_id', '=', siteId)
        .where('state', '=', 'pending')
        .groupBy(['product_id', 'variant_id'])
        .execute();
      return rows.map((r) => ({ productId: r.product_id, variantId: r.variant_id }));
    },
  };
}

export type RestockStore = ReturnType<typeof createRestockStore>;
