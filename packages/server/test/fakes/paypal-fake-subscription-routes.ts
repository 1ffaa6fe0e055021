import { PaypalProblem } from './paypal-fake-orders.js';
import type { FakeEvent, FakeSubscriptions } from './paypal-fake-subscriptions.js';

/** The fake PayPal's routes of catalog products, billing plans and subscriptions. */

export interface Stored {
  status: number;
  body: unknown;
}

export interface SubscriptionsContext {
  subscriptions: FakeSubscriptions;
  /** Runs `work` once per PayPal-Request-Id and replays its answer for a repeat. */
  once(scope: string, requestId: string | undefined, work: () => Stored): Stored;
  /** Signs, records and (in `auto` mode) posts events. */
  emit(events: FakeEvent[]): void;
  /** True once after a test asked the next cancel to fail (503). */
  takeCancelFailure(): boolean;
}

/** Catalog products, billing plans and subscriptions; undefined for another path. */
export function subscriptionsApi(
  ctx: SubscriptionsContext,
  method: string,
  path: string,
  query: URLSearchParams,
  body: any,
  requestId: string | undefined,
): Stored | undefined {
  const { subscriptions, once, emit } = ctx;
  if (method === 'POST' && path === '/v1/catalogs/products') {
    return once('product', requestId, () => ({ status: 201, body: subscriptions.createProduct(body ?? {}) }));
  }
  const product = /^\/v1\/catalogs\/products\/([^/]+)$/.exec(path);
  if (method === 'GET' && product) {
    const found = subscriptions.products.get(decodeURIComponent(product[1]));
    if (!found) throw new PaypalProblem(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    return { status: 200, body: subscriptions.productToWire(found) };
  }
  if (method === 'POST' && path === '/v1/billing/plans') {
    return once('plan', requestId, () => ({ status: 201, body: subscriptions.createPlan(body ?? {}) }));
  }
  if (method === 'GET' && path === '/v1/billing/plans') return { status: 200, body: subscriptions.listPlans(query) };
  const plan = /^\/v1\/billing\/plans\/([^/]+)$/.exec(path);
  if (method === 'GET' && plan) {
    const found = subscriptions.plans.get(plan[1]);
    if (!found) throw new PaypalProblem(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    return { status: 200, body: subscriptions.planToWire(found) };
  }
  if (method === 'POST' && path === '/v1/billing/subscriptions') {
    return once('subscription', requestId, () => ({
      status: 201,
      body: subscriptions.toWire(subscriptions.createSubscription(body ?? {})),
    }));
  }
  const one = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel|\/transactions)?$/.exec(path);
  if (!one) return undefined;
  if (method === 'GET' && !one[2]) return { status: 200, body: subscriptions.toWire(subscriptions.find(one[1])) };
  if (method === 'GET' && one[2] === '/transactions') {
    return { status: 200, body: subscriptions.transactions(one[1], query) };
  }
  if (method === 'POST' && one[2] === '/cancel') {
    if (ctx.takeCancelFailure()) {
      return { status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'Service unavailable.' } };
    }
    emit(subscriptions.cancel(one[1], body ?? {}));
    return { status: 204, body: undefined };
  }
  return undefined;
}
