import {
  CART_MESSAGES,
  checkStock,
  isQuantityInRange,
  isSubscribable,
  parseQuantity,
  QUANTITY,
  validateAddToCart,
} from '@tessera/core';
import type { CompiledQuery, Kysely } from 'kysely';
import { rowWhere } from '../../platform/db/site-row.js';
import type { CartEntryRow, CartRow, Database } from '../../platform/db/schema.js';
import type { ErrorCode } from '../../platform/errors/aliases.js';
import {
  type CartProducts,
  cartProductQuery,
  cartProductsOf,
  type ProductItemJson,
  loadCartProducts,
} from '../content/index.js';
import {
  entryRows,
  entryInsert,
  entryRowsOfOpenCart,
  findOpenCart,
  inCartOrder,
  insertCart,
  lockOpenCart,
  lockOpenCartWith,
  newCartInsert,
  updateEntryRow,
} from './cart-rows.js';
import { writeAtCommit } from '../../platform/db/together.js';
import { newId, nowIso } from '../../platform/ids.js';
import {
  type CartEntry,
  cartEntryJson,
  type ShoppingCart,
  type StoredShoppingCart,
  shoppingCartJson,
} from './cart-json.js';

export type { CartEntry, ShoppingCart, StoredShoppingCart } from './cart-json.js';

/** An expected refusal: the error code of the catalogue (`src/errors.ts`) and the message to show. */
export interface CartFailure {
  ok: false;
  code: ErrorCode;
  message: string;
}

export type CartResult<T> = ({ ok: true } & T) | CartFailure;

export interface AddEntryInput {
  itemId: string;
  sku?: string | null;
  /** As sent: a number or numeric text; validated with core's rules. */
  quantity: unknown;
  additionalFields?: string | null;
  /** Chosen options, for clients that send them instead of a SKU. */
  attributes?: Record<string, string> | null;
  /** Gift card denomination, for clients that send it instead of a SKU. */
  denomination?: string | number | null;
}

export interface CartService {
  getCartByToken(siteId: string, token: string): Promise<StoredShoppingCart | undefined>;
  /** The cart of a token, or the empty cart shape when there is none. */
  getCartOrEmpty(siteId: string, token: string | undefined): Promise<ShoppingCart>;
  emptyCart(siteId: string): Promise<ShoppingCart>;
  /** Adds to the cart of `token` (creating a cart when it has none), merging with an entry of the same item and variant. */
  addEntry(
    siteId: string,
    token: string | undefined,
    input: AddEntryInput,
  ): Promise<CartResult<{ token: string; shoppingCart: ShoppingCart; newlyAdded: CartEntry }>>;
  /** Sets an entry's quantity; 0 removes it (updatedEntry is then null). */
  updateQuantity(
    siteId: string,
    token: string | undefined,
    entryId: string,
    quantity: unknown,
  ): Promise<CartResult<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry | null }>>;
  removeEntry(
    siteId: string,
    token: string | undefined,
    entryId: string,
  ): Promise<CartResult<{ shoppingCart: ShoppingCart }>>;
  updateAdditionalFields(
    siteId: string,
    token: string | undefined,
    entryId: string,
    input: { itemId: string; sku: string; additionalFields: string | null },
  ): Promise<CartResult<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry }>>;
  /** A separate one-entry cart for a subscription checkout; answers its token. */
  createSubscriptionCart(
    siteId: string,
    input: AddEntryInput & { quantity: unknown },
  ): Promise<CartResult<{ cartToken: string }>>;
  getStock(
    siteId: string,
    itemId: string,
  ): Promise<CartResult<{ results: { sku: string; unlimited: boolean; qtyInStock: number }[] }>>;
}

function fail(code: ErrorCode, message: string): CartFailure {
  return { ok: false, code, message };
}

const ITEM_NOT_FOUND = fail(
  'item-not-found',
  'That product could not be found. It may have been removed from the store.',
);
const ITEM_NOT_FOR_SALE = fail(
  'item-not-for-sale',
  'This product is not available in the store right now, so it cannot be added to the cart.',
);
const ENTRY_NOT_FOUND = fail('entry-not-found', 'That item is no longer in your cart. Please reload the page.');

function hasAdditionalFieldsForm(product: ProductItemJson): boolean {
  const content = product.structuredContent;
  return Boolean(content.additionalFieldsForm || content.additionalFieldsFormId);
}

export function createCartService(db: Kysely<Database>): CartService {
  const currencies = new Map<string, string>();

  /**
   * The site's currency. Inside a transaction pass the transaction: SQLite has one connection,
   * and a query on `db` would wait for the transaction that holds it.
   */
  async function currencyOf(siteId: string, executor: Kysely<Database> = db): Promise<string> {
    let currency = currencies.get(siteId);
    if (!currency) {
      const row = await executor.selectFrom('sites').select('currency').where('id', '=', siteId).executeTakeFirst();
      currency = row?.currency ?? 'USD';
      currencies.set(siteId, currency);
    }
    return currency;
  }

  async function cartJson(
    executor: Kysely<Database>,
    siteId: string,
    cart: CartRow | undefined,
    /** Products already read in this transaction, by item id (not read again). */
    known?: ReadonlyMap<string, ProductItemJson>,
    /** The cart's entry rows when this transaction already has them (cart row locked), in cart order. */
    knownRows?: CartEntryRow[],
  ): Promise<{ shoppingCart: ShoppingCart; entries: Map<string, CartEntry> }> {
    const currency = await currencyOf(siteId, executor);
    const rows: CartEntryRow[] = knownRows ?? (cart ? await entryRows(executor, cart.id) : []);
    const missing = rows.map((r) => r.item_id).filter((id) => !known?.has(id));
    const { products } = await loadCartProducts(executor, siteId, missing, currency);
    if (known) for (const [id, product] of known) products.set(id, product);
    const entries = new Map<string, CartEntry>();
    for (const row of rows) {
      const entry = cartEntryJson(row, products.get(row.item_id), currency);
      if (entry) entries.set(entry.id, entry);
    }
    return { shoppingCart: shoppingCartJson(cart, [...entries.values()], { id: siteId, currency }), entries };
  }

  /** Validates an add against SPEC §5 with core's rules; answers the variant and whole quantity. */
  async function validateAdd(
    executor: Kysely<Database>,
    siteId: string,
    input: AddEntryInput,
    quantityInCart: (sku: string) => Promise<number>,
    /** The product, when the caller read it already. */
    productRead?: CartProducts,
  ) {
    const read =
      productRead ?? (await loadCartProducts(executor, siteId, [input.itemId], await currencyOf(siteId, executor)));
    const product = read.products.get(input.itemId);
    if (!product) return ITEM_NOT_FOUND;
    // A draft (or private, or not yet dated) product is not for sale, whoever knows its id.
    if (!read.forSale.has(input.itemId)) return ITEM_NOT_FOR_SALE;
    const checked = validateAddToCart({
      item: product,
      sku: input.sku,
      attributes: input.attributes,
      quantity: input.quantity,
      denomination: input.denomination,
    });
    if (!checked.ok) return fail(checked.code, checked.message);
    const already = await quantityInCart(checked.variant.sku);
    // One entry never holds more than the quantity input allows (SPEC §5: at most 9999).
    if (already + checked.quantity > QUANTITY.max) {
      return fail('quantity-out-of-range', CART_MESSAGES.quantityOutOfRange);
    }
    if (already > 0) {
      const stock = checkStock(checked.variant, checked.quantity, already);
      if (!stock.ok) return fail('not-enough-stock', stock.message);
    }
    // SPEC §5: items with an additional-fields form are stock-checked first, then need the form.
    if (hasAdditionalFieldsForm(product) && !input.additionalFields) {
      return fail('additional-fields-required', 'Please fill in the form for this product.');
    }
    return { ok: true as const, product, variant: checked.variant, quantity: checked.quantity };
  }

  const service: CartService = {
    async getCartByToken(siteId, token) {
      const cart = await findOpenCart(db, siteId, token);
      if (!cart) return undefined;
      return (await cartJson(db, siteId, cart)).shoppingCart as StoredShoppingCart;
    },

    async getCartOrEmpty(siteId, token) {
      return (await service.getCartByToken(siteId, token ?? '')) ?? (await service.emptyCart(siteId));
    },

    async emptyCart(siteId) {
      return shoppingCartJson(undefined, [], { id: siteId, currency: await currencyOf(siteId) });
    },

    async addEntry(siteId, token, input) {
      return db.transaction().execute(async (trx) => {
        // Two round trips on PostgreSQL (issue 20). The first step locks the cart and reads the product
        // and the cart's entries (`runTogether`): the lock runs first, so the entries read after it
        // are the ones every earlier add committed, and no other add can change them until this one
        // commits; the product is not what the lock guards. The second step is the write, sent with
        // the commit (`writeAtCommit`).
        const currency = await currencyOf(siteId, trx);
        const product = cartProductQuery(trx, siteId, input.itemId);
        const locked = await lockOpenCartWith(
          trx,
          siteId,
          token,
          token ? [product, entryRowsOfOpenCart.bound(trx, token, siteId)] : [product],
        );
        let cart = locked.cart;
        const productRead = cartProductsOf(locked.results[0]?.rows as never, siteId, currency);
        // The cart's entries stay what they were read as until the commit: validation, the write and
        // the answer share one read.
        const rows = cart ? [...((locked.results[1]?.rows ?? []) as CartEntryRow[])] : [];
        const entryOf = (sku: string) => rows.find((row) => row.item_id === input.itemId && row.sku === sku);
        const inCart = async (sku: string) => entryOf(sku)?.quantity ?? 0;
        const checked = await validateAdd(trx, siteId, input, inCart, productRead);
        if (!checked.ok) return checked;

        // A new cart's row goes in before its first entry, both with the commit.
        const made = cart ? undefined : newCartInsert(trx, siteId, 'cart');
        cart ??= made!.cart;
        const write = (query: CompiledQuery) => writeAtCommit(trx, made ? [made.insert, query] : [query]);
        const now = nowIso();
        const existing = entryOf(checked.variant.sku);
        let entryId: string;
        if (existing) {
          entryId = existing.id;
          const changes = {
            quantity: existing.quantity + checked.quantity,
            additional_fields: input.additionalFields ?? existing.additional_fields,
            updated_at: now,
          };
          await write(updateEntryRow.bound(trx, existing.id, changes.quantity, changes.additional_fields, now));
          rows[rows.indexOf(existing)] = { ...existing, ...changes };
        } else {
          entryId = newId();
          const row: CartEntryRow = {
            id: entryId,
            cart_id: cart.id,
            item_id: input.itemId,
            sku: checked.variant.sku,
            quantity: checked.quantity,
            additional_fields: input.additionalFields ?? null,
            created_at: now,
            updated_at: now,
          };
          await write(entryInsert(trx, row));
          rows.push(row);
          rows.sort(inCartOrder);
        }
        // The product was read in this transaction to validate the add: the cart reuses it.
        const known = new Map([[input.itemId, checked.product]]);
        const { shoppingCart, entries } = await cartJson(trx, siteId, cart, known, rows);
        return { ok: true as const, token: cart.token, shoppingCart, newlyAdded: entries.get(entryId)! };
      });
    },

    async updateQuantity(siteId, token, entryId, rawQuantity) {
      const quantity = parseQuantity(rawQuantity);
      if (!quantity.ok) {
        const code = quantity.message === CART_MESSAGES.quantityNotWhole ? 'quantity-not-whole' : 'quantity-not-number';
        return fail(code, quantity.message);
      }
      if (quantity.value !== 0 && !isQuantityInRange(quantity.value)) {
        return fail('quantity-out-of-range', CART_MESSAGES.quantityOutOfRange);
      }
      return db.transaction().execute(async (trx) => {
        const cart = await lockOpenCart(trx, siteId, token);
        if (!cart) return ENTRY_NOT_FOUND;
        const entry = await rowWhere(trx, 'cart_entries', { id: entryId, cart_id: cart.id });
        if (!entry) return ENTRY_NOT_FOUND;
        if (quantity.value === 0) {
          await trx.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
          const { shoppingCart } = await cartJson(trx, siteId, cart);
          return { ok: true as const, shoppingCart, updatedEntry: null };
        }
        const currency = await currencyOf(siteId, trx);
        const product = (await loadCartProducts(trx, siteId, [entry.item_id], currency)).products.get(entry.item_id);
        const variant = product?.structuredContent.variants.find((v) => v.sku === entry.sku);
        if (!variant) return fail('variant-unavailable', CART_MESSAGES.variantUnavailable);
        const stock = checkStock(variant, quantity.value, 0);
        if (!stock.ok) return fail('not-enough-stock', stock.message);
        await trx
          .updateTable('cart_entries')
          .set({ quantity: quantity.value, updated_at: nowIso() })
          .where('id', '=', entry.id)
          .execute();
        const { shoppingCart, entries } = await cartJson(trx, siteId, cart);
        return { ok: true as const, shoppingCart, updatedEntry: entries.get(entry.id) ?? null };
      });
    },

    async removeEntry(siteId, token, entryId) {
      return db.transaction().execute(async (trx) => {
        const cart = await lockOpenCart(trx, siteId, token);
        if (!cart) return ENTRY_NOT_FOUND;
        const removed = await trx
          .deleteFrom('cart_entries')
          .where('id', '=', entryId)
          .where('cart_id', '=', cart.id)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) return ENTRY_NOT_FOUND;
        const { shoppingCart } = await cartJson(trx, siteId, cart);
        return { ok: true as const, shoppingCart };
      });
    },

    async updateAdditionalFields(siteId, token, entryId, input) {
      return db.transaction().execute(async (trx) => {
        const cart = await lockOpenCart(trx, siteId, token);
        if (!cart) return ENTRY_NOT_FOUND;
        const updated = await trx
          .updateTable('cart_entries')
          .set({ additional_fields: input.additionalFields, updated_at: nowIso() })
          .where('id', '=', entryId)
          .where('cart_id', '=', cart.id)
          .where('item_id', '=', input.itemId)
          .where('sku', '=', input.sku)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return ENTRY_NOT_FOUND;
        const { shoppingCart, entries } = await cartJson(trx, siteId, cart);
        const updatedEntry = entries.get(entryId);
        if (!updatedEntry) return ENTRY_NOT_FOUND;
        return { ok: true as const, shoppingCart, updatedEntry };
      });
    },

    async createSubscriptionCart(siteId, input) {
      return db.transaction().execute(async (trx) => {
        const checked = await validateAdd(trx, siteId, input, async () => 0);
        if (!checked.ok) return checked;
        if (!isSubscribable(checked.product)) {
          return fail('not-subscribable', 'This product cannot be bought as a subscription.');
        }
        const cart = await insertCart(trx, siteId, 'subscription');
        const now = nowIso();
        await trx
          .insertInto('cart_entries')
          .values({
            id: newId(),
            cart_id: cart.id,
            item_id: checked.product.id,
            sku: checked.variant.sku,
            quantity: checked.quantity,
            additional_fields: input.additionalFields ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { ok: true as const, cartToken: cart.token };
      });
    },

    async getStock(siteId, itemId) {
      const product = (await loadCartProducts(db, siteId, [itemId], await currencyOf(siteId))).products.get(itemId);
      if (!product) return ITEM_NOT_FOUND;
      return {
        ok: true as const,
        results: product.structuredContent.variants.map((v) => ({
          sku: v.sku,
          unlimited: v.unlimited,
          qtyInStock: v.qtyInStock,
        })),
      };
    },
  };
  return service;
}
