import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  approveOrder,
  captureOrder,
  createOrder,
  type FakeCapture,
  type FakeOrder,
  orderToWire,
  wire,
  PaypalProblem,
  refundCapture,
} from './paypal-fake-orders.js';
import { type Stored, subscriptionsApi } from './paypal-fake-subscription-routes.js';
import { subscriptionApprovalPage } from './paypal-fake-subscription-wire.js';
import { type FakeEvent, FakeSubscriptions } from './paypal-fake-subscriptions.js';
import { FakeWebhooks } from './paypal-fake-webhooks.js';
import { closeServer } from './close-server.js';

/**
 * A local stand-in for the parts of PayPal's REST API Tessera uses: OAuth2 client credentials,
 * Orders v2 (create, get, capture), refunds of captures, verify-webhook-signature, and the
 * buyer's approval page with Approve / Cancel buttons; and Subscriptions (catalog products, billing
 * plans, subscriptions, their approval page, cancel, transactions, refunds of their sales:
 * `paypal-fake-subscriptions.ts`), whose billing cycles a test runs with `bill`. It records every request so tests can assert
 * what was sent (amounts as decimal strings, currency, PayPal-Request-Id, custom_id).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
  /** The PayPal-Request-Id header, when sent. */
  requestId?: string;
}

export interface PaypalFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** Where events are posted (also settable later through `webhooks.url`). */
  webhookUrl?: string;
  /**
   * `manual` (default) queues events until `webhooks.deliverPending()`; `auto` posts the approval
   * event before redirecting the buyer and capture or refund events right after answering.
   */
  webhookDelivery?: 'auto' | 'manual';
}

export interface PaypalFake {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: RecordedRequest[];
  orders: Map<string, FakeOrder>;
  webhooks: FakeWebhooks;
  subscriptions: FakeSubscriptions;
  /** Runs a subscription's next billing cycle now (a sale, or `decline`: a failed payment); its events follow. */
  bill(subscriptionId: string, options?: { decline?: boolean }): void;
  /**
   * The merchant refunds a capture or a subscription's sale in PayPal's own dashboard: only the
   * webhook (PAYMENT.CAPTURE.REFUNDED or PAYMENT.SALE.REFUNDED) tells Tessera. Answers the refund id.
   */
  refundFromDashboard(paymentId: string, amountMinor?: number): string;
  /** The next subscription cancel answers 503, as during an outage. */
  failNextSubscriptionCancel: boolean;
  /** The next capture answers INSTRUMENT_DECLINED. */
  declineNextCapture: boolean;
  /** The next capture is made but DECLINED (PayPal's risk review): PAYMENT.CAPTURE.DENIED follows. */
  denyNextCapture: boolean;
  /** The next token request answers 503, as during an outage. */
  failNextToken: boolean;
  /** Requests to one API path prefix, e.g. `/v2/checkout/orders`. */
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string | undefined): any {
  if (!text) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new PaypalProblem(400, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (body === undefined) {
    response.writeHead(status);
    return void response.end();
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function approvalPage(order: FakeOrder): string {
  const amount = `${order.purchaseUnit.amount.value} ${order.purchaseUnit.amount.currency_code}`;
  const token = escapeHtml(order.id);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Pay with PayPal (fake)</title></head><body>
<h1>Fake PayPal</h1><p>Pay <strong id="amount">${escapeHtml(amount)}</strong> to the merchant.</p>
<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${token}">
<button type="submit">Approve</button></form>
<form method="post" action="/checkoutnow/cancel"><input type="hidden" name="token" value="${token}">
<button type="submit">Cancel</button></form></body></html>`;
}

function redirect(response: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  response.writeHead(303, { location: url.toString() });
  response.end();
}

export async function startPaypalFake(options: PaypalFakeOptions = {}): Promise<PaypalFake> {
  const clientId = options.clientId ?? `fake-client-${randomBytes(6).toString('hex')}`;
  const clientSecret = options.clientSecret ?? `fake-secret-${randomBytes(12).toString('hex')}`;
  const auto = options.webhookDelivery === 'auto';
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, FakeCapture>();
  const idempotent = new Map<string, Stored>();
  const requests: RecordedRequest[] = [];
  let base = '';
  const webhooks = new FakeWebhooks(() => base, `WH-ID-${randomBytes(5).toString('hex').toUpperCase()}`);
  webhooks.url = options.webhookUrl;
  const subscriptions = new FakeSubscriptions(() => base);

  /** Signs and records events; with `auto` delivery they are posted in the background, in order. */
  function emit(events: FakeEvent[]): void {
    const sent = events.map(([type, resourceType, resource, summary]) =>
      webhooks.create(type, resourceType, resource, summary),
    );
    if (!auto || !webhooks.url) return;
    setImmediate(async () => {
      for (const event of sent) await webhooks.deliver(event).catch(() => {});
    });
  }

  const fake: PaypalFake = {
    url: '',
    clientId,
    clientSecret,
    webhookId: webhooks.webhookId,
    requests,
    orders,
    webhooks,
    subscriptions,
    bill: (id, billOptions) => emit(subscriptions.bill(id, billOptions)),
    refundFromDashboard(paymentId, amountMinor) {
      const captured = captures.get(paymentId);
      const sale = subscriptions.sales.get(paymentId);
      const currency = (captured ?? sale)?.amount.currency_code;
      if (!currency) throw new Error(`No capture or sale ${paymentId}`);
      const body = amountMinor === undefined ? {} : { amount: wire(amountMinor, currency) };
      if (captured) {
        const resource = refundCapture(captured, body);
        emit([['PAYMENT.CAPTURE.REFUNDED', 'refund', resource, 'A payment was refunded']]);
        return String(resource.id);
      }
      const { answer, event } = subscriptions.refundSale(sale!, body);
      emit([event]);
      return String(answer.id);
    },
    failNextSubscriptionCancel: false,
    declineNextCapture: false,
    denyNextCapture: false,
    failNextToken: false,
    requestsTo: (method, prefix) => requests.filter((r) => r.method === method && r.path.startsWith(prefix)),
    close: () => closeServer(server),
  };

  function findOrder(id: string): FakeOrder {
    const order = orders.get(id);
    if (!order) throw new PaypalProblem(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    return order;
  }

  /** Runs `work` once per PayPal-Request-Id and replays its answer for a repeat. */
  function once(scope: string, requestId: string | undefined, work: () => Stored): Stored {
    if (!requestId) return work();
    const key = `${scope}:${requestId}`;
    const known = idempotent.get(key);
    if (known) return known;
    const result = work();
    idempotent.set(key, result);
    return result;
  }

  function authorised(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  }

  function issueToken(request: IncomingMessage, body: any): Stored {
    if (fake.failNextToken) {
      fake.failNextToken = false;
      return { status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'Service unavailable.' } };
    }
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (body?.grant_type !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant type is not supported' },
      };
    }
    const token = `A21AA${randomBytes(24).toString('hex')}`;
    tokens.add(token);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
      },
    };
  }

  const subscriptionContext = {
    subscriptions,
    once,
    emit,
    takeCancelFailure() {
      const fail = fake.failNextSubscriptionCancel;
      fake.failNextSubscriptionCancel = false;
      return fail;
    },
  };

  async function api(request: IncomingMessage, path: string, body: any, requestId?: string): Promise<Stored> {
    const method = request.method ?? 'GET';
    const query = new URL(request.url ?? '/', 'http://fake').searchParams;
    if (method === 'POST' && path === '/v1/oauth2/token') return issueToken(request, body);
    if (!authorised(request)) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      return once('create', requestId, () => {
        const order = createOrder(body ?? {});
        orders.set(order.id, order);
        return { status: 201, body: orderToWire(order, base) };
      });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && capture) {
      return once('capture', requestId, () => {
        const order = findOrder(capture[1]);
        const decline = fake.declineNextCapture;
        fake.declineNextCapture = false;
        const done = captureOrder(order, decline);
        if (fake.denyNextCapture) done.status = 'DECLINED';
        fake.denyNextCapture = false;
        captures.set(done.id, done);
        const { refundedMinor: _r, ...resource } = done;
        const event =
          done.status === 'DECLINED'
            ? webhooks.create('PAYMENT.CAPTURE.DENIED', 'capture', resource, 'Payment denied')
            : webhooks.create('PAYMENT.CAPTURE.COMPLETED', 'capture', resource, 'Payment completed');
        if (auto) setImmediate(() => webhooks.deliverInBackground(event));
        return { status: 201, body: orderToWire(order, base) };
      });
    }
    const order = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) return { status: 200, body: orderToWire(findOrder(order[1]), base) };
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      return once('refund', requestId, () => {
        const captured = captures.get(refund[1]);
        const sale = subscriptions.sales.get(refund[1]);
        if (!captured && sale) {
          // A subscription's sale, refunded through the v2 captures API: PayPal tells it as a sale refund.
          const refunded = subscriptions.refundSale(sale, body ?? {});
          emit([refunded.event]);
          return { status: 201, body: refunded.answer };
        }
        if (!captured) throw new PaypalProblem(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        const resource = refundCapture(captured, body ?? {});
        const event = webhooks.create('PAYMENT.CAPTURE.REFUNDED', 'refund', resource, 'A payment was refunded');
        if (auto) setImmediate(() => webhooks.deliverInBackground(event));
        return { status: 201, body: resource };
      });
    }
    const subscriptionsAnswer = subscriptionsApi(subscriptionContext, method, path, query, body, requestId);
    if (subscriptionsAnswer) return subscriptionsAnswer;
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return { status: 200, body: { verification_status: webhooks.verify(body ?? {}) } };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: `No fake for ${method} ${path}` } };
  }

  /** The buyer's side: the approval page and its two buttons. */
  async function buyerPage(request: IncomingMessage, response: ServerResponse, path: string, body: any) {
    if (path.startsWith('/webapps/billing/subscriptions')) return subscriberPage(request, response, path, body);
    if (request.method === 'GET') {
      const order = orders.get(new URL(request.url ?? '', base).searchParams.get('token') ?? '');
      if (!order) return send(response, 404, { message: 'Unknown order' });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(approvalPage(order));
    }
    const order = findOrder(String(body?.token ?? ''));
    if (path === '/checkoutnow/cancel') return redirect(response, order.cancelUrl, { token: order.id });
    approveOrder(order);
    const event = webhooks.create(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      orderToWire(order, base),
      'An order has been approved by buyer',
    );
    if (auto && webhooks.url) await webhooks.deliver(event);
    redirect(response, order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' });
  }

  /** The payer's side of a subscription: its approval page and the two buttons. */
  function subscriberPage(request: IncomingMessage, response: ServerResponse, path: string, body: any) {
    if (request.method === 'GET') {
      const found = subscriptions.byToken(new URL(request.url ?? '', base).searchParams.get('ba_token') ?? '');
      if (!found) return send(response, 404, { message: 'Unknown subscription' });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(subscriptionApprovalPage(found, escapeHtml));
    }
    const found = subscriptions.byToken(String(body?.ba_token ?? ''));
    if (!found) return send(response, 404, { message: 'Unknown subscription' });
    const params = { subscription_id: found.id, ba_token: found.baToken, token: found.baToken };
    if (path.endsWith('/cancel')) return redirect(response, found.cancelUrl, params);
    emit(subscriptions.approve(found));
    redirect(response, found.returnUrl, params);
  }

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    try {
      const text = await readBody(request);
      const body = parseBody(text, request.headers['content-type']);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const requestId = headers['paypal-request-id'];
      requests.push({ method: request.method ?? 'GET', path, headers, body, ...(requestId ? { requestId } : {}) });
      if (path.startsWith('/checkoutnow') || path.startsWith('/webapps/')) {
        return await buyerPage(request, response, path, body);
      }
      const answer = await api(request, path, body, requestId);
      send(response, answer.status, answer.body);
    } catch (error) {
      if (error instanceof PaypalProblem) return send(response, error.status, error.toWire());
      send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}

/**
 * A buyer on the fake approval page: loads it, finds the form of `button` and submits it without
 * following the redirect. Answers the URL PayPal sends the buyer back to.
 */
export async function buyerClicks(approvalUrl: string, button: 'Approve' | 'Cancel'): Promise<URL> {
  const page = await fetch(approvalUrl);
  if (page.status !== 200) throw new Error(`The approval page answered ${page.status}`);
  const html = await page.text();
  const form = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find((m) =>
    m[2].includes(`>${button}</button>`),
  );
  if (!form) throw new Error(`No ${button} button on the approval page`);
  const fields = new URLSearchParams();
  for (const input of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(input[1], input[2]);
  }
  const answer = await fetch(new URL(form[1], approvalUrl), { method: 'POST', body: fields, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 303 || !location)
    throw new Error(`${button} answered ${answer.status}: ${await answer.text()}`);
  return new URL(location);
}

/**
 * The PayPal keys that point Tessera at this fake: a test server's `paypal` config or
 * `createPaypalProvider`'s options (`overrides`: a wrong secret or another webhook's id).
 */
export function paypalKeysOf(fake: PaypalFake, overrides: { clientSecret?: string; webhookId?: string } = {}) {
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    mode: 'test' as const,
    apiBase: fake.url,
    ...overrides,
  };
}
