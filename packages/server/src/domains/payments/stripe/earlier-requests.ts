import Stripe from 'stripe';

/**
 * What a refund or an off-session charge sent earlier under an idempotency key made, found without
 * the key. Stripe may forget a key once it is 24 hours old (its idempotency guide), and a recovery
 * job asks again after a crash whenever the shop is back up, which may be days later: asked again
 * with a forgotten key, Stripe would refund or charge a second time. So every refund and charge
 * carries its key in `metadata[tessera_key]`, and a request marked as asked before first looks for
 * an object with that tag (`GET /v1/refunds?payment_intent=…`, `GET /v1/payment_intents?customer=…`:
 * list reads, which unlike Stripe's search are up to date at once).
 */
export const KEY_TAG = 'tessera_key';

/** The payment intents of one customer a recovery reads at most, newest first. */
const MAX_INTENTS_READ = 1_000;

/** The refund of `paymentIntent` made under `key`, if there is one. */
export async function refundMadeUnder(
  stripe: Stripe,
  paymentIntent: string,
  key: string,
): Promise<Stripe.Refund | undefined> {
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
    if (refund.metadata?.[KEY_TAG] === key) return refund;
  }
  return undefined;
}

/** The payment intent of `customer` made under `key`, if there is one among their latest. */
export async function intentMadeUnder(
  stripe: Stripe,
  customer: string,
  key: string,
): Promise<Stripe.PaymentIntent | undefined> {
  let read = 0;
  for await (const intent of stripe.paymentIntents.list({ customer, limit: 100 })) {
    if (intent.metadata?.[KEY_TAG] === key) return intent;
    if (++read >= MAX_INTENTS_READ) break;
  }
  return undefined;
}

/**
 * `create(true)`, the object tagged with its key; when Stripe refuses the key because its first
 * request carried other parameters (sent before objects were tagged), `create(false)`, the same
 * request as that first one, so Stripe answers with what it made then.
 */
export async function createTagged<T>(create: (tagged: boolean) => Promise<T>): Promise<T> {
  try {
    return await create(true);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeIdempotencyError) return create(false);
    throw error;
  }
}
