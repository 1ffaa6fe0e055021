import { addFailureTitle, CART_MESSAGES, cartRequestFailureMessage } from '@tessera/core';
import { type ApiResult, type RequestOptions, requestJson } from '../../api.js';
import type { ShoppingCart } from '@tessera/core/contracts/cart';

export const ADD_ENTRY_URL = '/api/commerce/shopping-cart/entries';
export const SUBSCRIPTION_URL = '/api/3/commerce/cart/subscription';

export interface AddEntryResponse {
  shoppingCart: ShoppingCart;
  newlyAdded?: unknown;
}

export function postCartEntry(
  entry: { itemId: string; sku: string; quantity: number; additionalFields?: string },
  options?: RequestOptions,
): Promise<ApiResult<AddEntryResponse>> {
  return requestJson<AddEntryResponse>('POST', ADD_ENTRY_URL, entry, options);
}

export function postSubscription(
  entry: { itemId: string; sku: string; qty: number; additionalFields?: string },
  options?: RequestOptions,
): Promise<ApiResult<{ cartToken: string }>> {
  return requestJson<{ cartToken: string }>('POST', SUBSCRIPTION_URL, entry, options);
}

/** Where a subscription checkout starts. */
export function subscriptionCheckoutUrl(cartToken: string): string {
  return `/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`;
}

/** The text a person sees for a failed cart request (SPEC §8). */
export function requestFailureMessage(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  cookiesEnabled: boolean,
): string {
  if (result.network) return CART_MESSAGES.offline;
  return (
    cartRequestFailureMessage({
      status: result.status,
      crumbFail: result.body?.crumbFail === true || result.body?.error === 'crumb-fail',
      cookiesEnabled,
      serverMessage: result.body?.message,
    }) ?? CART_MESSAGES.offline
  );
}

/** The alert a failed add shows: SPEC §8's title for the kind of purchase and the request's message. */
export function addFailureAlert(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  context: { cookiesEnabled: boolean; express: boolean; giftCard: boolean },
): { title: string; message: string } {
  return {
    title: addFailureTitle({ express: context.express, giftCard: context.giftCard }),
    message: requestFailureMessage(result, context.cookiesEnabled),
  };
}
