import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ContentService } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { cartTokenOf, setCartCookies } from '../../platform/http/cookies.js';
import type { ErrorCode } from '../../platform/errors/index.js';
import { describeZodError, parseInput } from '../../platform/http/validate.js';
import { CART_FORM_PATH, cartFormBody, chosenOptionsOf, formFieldsOf, productPageWithError } from './cart-form.js';
import type { CartFailure, CartService } from './cart-service.js';
import { formTemplateSchema } from './form-field-schema.js';
import {
  addEntryAnswer,
  addEntryBody,
  additionalFieldsAnswer,
  additionalFieldsBody,
  entryParams,
  removeEntryAnswer,
  shoppingCart,
  stockAnswer,
  stockQuery,
  subscriptionBody,
  subscriptionCartAnswer,
  formTemplateSchema as templateSchemaAnswer,
  templateSchemaQuery,
  updateEntryAnswer,
  updateQuantityBody,
} from '@tessera/core/contracts/cart';

export interface CommercePluginOptions {
  content: ContentService;
  carts: CartService;
  /** Applied to every cart write route (the rate limit). */
  writeGuard: onRequestHookHandler;
}

const CART_ITEM_ERRORS: readonly ErrorCode[] = [
  'item-not-found',
  'item-not-for-sale',
  'variant-unavailable',
  'not-enough-stock',
  'quantity-not-number',
  'quantity-not-whole',
  'quantity-out-of-range',
  'missing-options',
  'rate-limited',
];

function orThrow<T extends { ok: boolean }>(result: T | CartFailure): Exclude<T, CartFailure> {
  if (!result.ok) {
    const failure = result as CartFailure;
    throw new AppError(failure.code, failure.message);
  }
  return result as Exclude<T, CartFailure>;
}

/** SPEC §7 commerce routes: the visitor's cart, stock, subscription carts and the form field schema. */
export default async function commercePlugin(app: FastifyInstance, options: CommercePluginOptions): Promise<void> {
  const { content, carts, writeGuard } = options;
  const siteIdOf = async (request: FastifyRequest) => (await content.getSiteForHost(request.hostname)).id;

  // Carts and stock are per visitor and change by the second: no shared or browser cache keeps them.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/api/commerce/shopping-cart',
    { config: { contract: { summary: "The visitor's shopping cart", response: { 200: shoppingCart } } } },
    async (request) => {
      return carts.getCartOrEmpty(await siteIdOf(request), cartTokenOf(request));
    },
  );

  const addEntry = {
    summary: 'Add a product (variant, quantity, form answers) to the cart',
    body: addEntryBody,
    errors: [...CART_ITEM_ERRORS, 'gift-card-denomination', 'additional-fields-required'],
    response: { 200: addEntryAnswer },
  } as const;
  app.post(
    '/api/commerce/shopping-cart/entries',
    { onRequest: writeGuard, config: { contract: addEntry } },
    async (request, reply) => {
      const body = parseInput(addEntryBody, request.body);
      const result = orThrow(
        await carts.addEntry(await siteIdOf(request), cartTokenOf(request), {
          ...body,
          quantity: body.quantity === undefined ? 1 : body.quantity,
        }),
      );
      setCartCookies(request, reply, result.token);
      return { shoppingCart: result.shoppingCart, newlyAdded: result.newlyAdded };
    },
  );

  // The product form without JavaScript: checked like the add route above, then on to /cart (or back to
  // `returnTo`, the page of the product block that sent it), or back
  // to the product page with the message (SPEC §5 wording) beside the button. Subscriptions go to
  // their own checkout, as the island does.
  app.post(CART_FORM_PATH, { onRequest: writeGuard }, async (request, reply) => {
    const fields = formFieldsOf(request.body);
    const parsed = cartFormBody.safeParse(fields);
    if (!parsed.success) throw new AppError('invalid-body', describeZodError(parsed.error));
    const { itemId, sku, quantity, returnTo } = parsed.data;
    const siteId = await siteIdOf(request);
    const product = await content.getProductById(siteId, itemId);
    if (!product) throw new AppError('item-not-found');
    const input = { itemId, sku: sku || undefined, quantity: quantity ?? 1, attributes: chosenOptionsOf(fields) };
    reply.header('cache-control', 'no-store');
    if (product.structuredContent.isSubscribable === true) {
      const created = await carts.createSubscriptionCart(siteId, input);
      if (!created.ok) return reply.redirect(productPageWithError(product.fullUrl, created.message), 303);
      return reply.redirect(`/checkout/subscription?cartToken=${encodeURIComponent(created.cartToken)}`, 303);
    }
    const added = await carts.addEntry(siteId, cartTokenOf(request), input);
    if (!added.ok) return reply.redirect(productPageWithError(product.fullUrl, added.message), 303);
    setCartCookies(request, reply, added.token);
    return reply.redirect(returnTo || '/cart', 303);
  });

  const updateQuantity = {
    summary: "Change a cart entry's quantity (0 removes it)",
    params: entryParams,
    body: updateQuantityBody,
    errors: [...CART_ITEM_ERRORS, 'entry-not-found'],
    response: { 200: updateEntryAnswer },
  } as const;
  app.put(
    '/api/commerce/shopping-cart/entries/:entryId',
    { onRequest: writeGuard, config: { contract: updateQuantity } },
    async (request) => {
      const { entryId } = parseInput(entryParams, request.params, 'address');
      const body = parseInput(updateQuantityBody, request.body);
      const result = orThrow(
        await carts.updateQuantity(await siteIdOf(request), cartTokenOf(request), entryId, body.quantity),
      );
      return { shoppingCart: result.shoppingCart, updatedEntry: result.updatedEntry };
    },
  );

  const removeEntry = {
    summary: 'Remove an entry from the cart',
    params: entryParams,
    errors: ['entry-not-found'],
    response: { 200: removeEntryAnswer },
  } as const;
  app.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    { onRequest: writeGuard, config: { contract: removeEntry } },
    async (request) => {
      const { entryId } = parseInput(entryParams, request.params, 'address');
      const result = orThrow(await carts.removeEntry(await siteIdOf(request), cartTokenOf(request), entryId));
      return { shoppingCart: result.shoppingCart };
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      onRequest: writeGuard,
      config: {
        contract: {
          summary: "Replace a cart entry's additional form answers",
          params: entryParams,
          body: additionalFieldsBody,
          errors: ['entry-not-found'],
          response: { 200: additionalFieldsAnswer },
        },
      },
    },
    async (request) => {
      const { entryId } = parseInput(entryParams, request.params, 'address');
      const body = parseInput(additionalFieldsBody, request.body);
      const result = orThrow(
        await carts.updateAdditionalFields(await siteIdOf(request), cartTokenOf(request), entryId, body),
      );
      return { shoppingCart: result.shoppingCart, updatedEntry: result.updatedEntry };
    },
  );

  const subscription = {
    summary: 'Start a cart for a subscription product',
    body: subscriptionBody,
    errors: [...CART_ITEM_ERRORS, 'not-subscribable'],
    response: { 200: subscriptionCartAnswer },
  } as const;
  app.post(
    '/api/3/commerce/cart/subscription',
    { onRequest: writeGuard, config: { contract: subscription } },
    async (request) => {
      const body = parseInput(subscriptionBody, request.body);
      const result = orThrow(
        await carts.createSubscriptionCart(await siteIdOf(request), {
          itemId: body.itemId,
          sku: body.sku,
          quantity: body.qty === undefined ? 1 : body.qty,
          additionalFields: body.additionalFields,
        }),
      );
      return { cartToken: result.cartToken };
    },
  );

  const stock = async (request: FastifyRequest) => {
    const { itemId } = parseInput(stockQuery, request.query, 'query');
    const result = orThrow(await carts.getStock(await siteIdOf(request), itemId));
    return { results: result.results };
  };
  const stockContract = {
    config: {
      contract: { summary: "A product's stock per variant", query: stockQuery, response: { 200: stockAnswer } },
    },
  };
  app.get('/api/commerce/inventory/stock/', stockContract, stock);
  app.get('/api/commerce/inventory/stock', stockContract, stock);

  const templateSchema = {
    summary: 'The field schema of the product form',
    query: templateSchemaQuery,
    response: templateSchemaAnswer,
  };
  app.get(
    '/api/template/GetTemplateSchema',
    { config: { contract: templateSchema } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      parseInput(templateSchemaQuery, request.query, 'query');
      reply.header('cache-control', 'public, max-age=300');
      return formTemplateSchema();
    },
  );
}
