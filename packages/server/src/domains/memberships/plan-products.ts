import { ProductType, RecordType } from '@tessera/core';
import type { Kysely } from 'kysely';
import { insertItem } from '../../platform/db/items.js';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

// A paid plan is sold as a store item, so joining goes through the normal cart, checkout and
// payment layer: a service product (one-time) or a subscribable service product (recurring), in a
// products collection of its own that is private (its list page is not shown; the items are bought
// by id from the member-area pages).

export const PLANS_COLLECTION_SLUG = 'member-plans';

export interface PlanProductInput {
  siteId: string;
  planId: string;
  title: string;
  priceCents: number;
  recurring?: { unit: 'WEEK' | 'MONTH' | 'YEAR'; value: number };
  now: string;
}

async function plansCollectionId(trx: Kysely<Database>, siteId: string, now: string): Promise<string> {
  const found = await trx
    .selectFrom('collections')
    .select('id')
    .where('site_id', '=', siteId)
    .where('slug', '=', PLANS_COLLECTION_SLUG)
    .executeTakeFirst();
  if (found) return found.id;
  const id = newId();
  await trx
    .insertInto('collections')
    .values({
      id,
      site_id: siteId,
      slug: PLANS_COLLECTION_SLUG,
      title: 'Membership plans',
      type: 13,
      description: '',
      position: 9999,
      nav_visible: 0,
      settings: '{}',
      created_at: now,
      kind: 'products',
      parent_id: null,
      folder_behavior: null,
      redirect_url: null,
      status: 'private',
      password_hash: null,
      draft_content: null,
      draft_updated_at: null,
      publish_at: null,
    })
    .execute();
  return id;
}

/** Creates the store item a paid plan sells (in the caller's transaction); answers its id. */
export async function createPlanProduct(trx: Kysely<Database>, input: PlanProductInput): Promise<string> {
  const { siteId, planId, title, priceCents, recurring, now } = input;
  const collectionId = await plansCollectionId(trx, siteId, now);
  const itemId = newId();
  const structuredContent = {
    productType: ProductType.SERVICE,
    isSubscribable: recurring !== undefined,
    ...(recurring ? { subscriptionPlan: { billingPeriod: recurring, numBillingCycles: 0 } } : {}),
    memberPlanId: planId,
  };
  await insertItem(
    trx,
    { id: itemId, siteId, collectionId, recordType: RecordType.STORE_ITEM, now, position: 0 },
    {
      url_id: `plan-${planId.slice(0, 12).toLowerCase()}`,
      title,
      excerpt: '',
      body: '',
      structured_content: JSON.stringify(structuredContent),
      images: '[]',
      status: 'published',
    },
  );
  await trx
    .insertInto('product_variants')
    .values({
      id: newId(),
      item_id: itemId,
      position: 0,
      sku: `MEMBER-${planId.slice(0, 10).toUpperCase()}`,
      price_cents: priceCents,
      sale_price_cents: 0,
      on_sale: 0,
      unlimited: 1,
      qty_in_stock: 0,
      attributes: '{}',
      main_image: null,
    })
    .execute();
  return itemId;
}

/** The SKU of a plan's product (its one variant). */
export async function planSku(db: Kysely<Database>, itemId: string): Promise<string | undefined> {
  const row = await db.selectFrom('product_variants').select('sku').where('item_id', '=', itemId).executeTakeFirst();
  return row?.sku;
}
