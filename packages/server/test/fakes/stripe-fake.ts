import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { hostedPage, listIntents, parseForm } from './stripe-fake-page.js';
import { createRefundBook, type FakeCharge, type FakeRefund, type RefundBook } from './stripe-fake-refunds.js';
import { closeServer } from './close-server.js';

/**
 * A local stand-in for the parts of Stripe's HTTP API Tessera uses (issue 17): Checkout Sessions
 * (create, retrieve, expire), refunds (`stripe-fake-refunds.ts`: create, list, retrieve, with their
 * `refund.created`/`charge.refunded`/`refund.updated` events, also for refunds made in the dashboard),
 * off-session payment intents and the account. Bodies are
 * form-encoded like real Stripe; every request is recorded (path, parsed body, Idempotency-Key) so
 * tests assert amounts in minor units, currencies, keys and `metadata[order_id]`. A key reused with
 * other parameters is refused as Stripe does. `/pay/<session>` is the hosted payment page: Pay
 * completes the session and sends a webhook signed with the SDK's test signature helper.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  idempotencyKey: string | undefined;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string;
  mode: 'payment';
  livemode: false;
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  refunded: number;
  latest_charge: string | null;
  /** Seconds since the epoch, as Stripe's `created`. */
  created: number;
}

/** One event the fake signed and sent: redelivering it posts the same payload (and id) again. */
export interface SentEvent {
  id: string;
  type: string;
  payload: string;
}

/** When the page's Pay button delivers its webhook: before the redirect, never, or when flushed. */
export type WebhookTiming = 'before-redirect' | 'held';

export interface StripeFake {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where signed events go (Tessera's `/api/payments/stripe/webhook`). */
  webhookUrl: string;
  webhookTiming: WebhookTiming;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  intents: Map<string, FakeIntent>;
  /** Every event sent, with the status Tessera answered. */
  delivered: { type: string; id: string; status: number }[];
  /** Every event made, in order (delivered or held). */
  events: SentEvent[];
  /** Charges and refunds (`stripe-fake-refunds.ts`). */
  book: RefundBook;
  /**
   * Path → how many of the next POSTs to it are carried out (and kept for their idempotency key)
   * and then answered by closing the connection: the answer lost on its way back to Tessera.
   */
  lostAnswers: Map<string, number>;
  /**
   * When the events of a refund made through the API go out: right after the answer, in the
   * background (`auto`, as Stripe does), or held until `flushWebhooks()`.
   */
  refundWebhooks: 'auto' | 'held';
  /**
   * The merchant refunds a payment intent in Stripe's dashboard (all that is left, or `amount`):
   * Tessera learns of it only by the `refund.created` and `charge.refunded` events, delivered before
   * this answers. `pending`: the refund starts pending (`settleRefund` finishes it); `hold`: the
   * events are made but not sent (`redeliver` sends them).
   */
  refundFromDashboard(
    paymentIntent: string,
    options?: { amount?: number; pending?: boolean; hold?: boolean },
  ): Promise<{ refund: FakeRefund; charge: FakeCharge; events: SentEvent[]; statuses: number[] }>;
  /** A pending refund succeeds (or fails): `refund.updated` is sent; answers Tessera's status. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<{ event: SentEvent; status: number }>;
  /**
   * A refund, pending or already succeeded, fails (the buyer's bank sends the money back): its status
   * becomes `failed`, the payment counts as unrefunded by that much, and `refund.failed` is sent
   * (made but not sent with `hold`; `redeliver` sends it). Answers Tessera's status when sent.
   */
  failRefund(refundId: string, options?: { hold?: boolean }): Promise<{ event: SentEvent; status?: number }>;
  /** Posts an event sent before once more, same id and payload, freshly signed (Stripe's redelivery). */
  redeliver(eventId: string): Promise<number>;
  /** Session creation answers this error (a Stripe outage) while set. */
  failSessions: string | undefined;
  /** Refunds answer this error while set. */
  refuseRefunds: string | undefined;
  /** Off-session charges (`POST /v1/payment_intents`) are declined with this message while set. */
  declineIntents: string | undefined;
  /** What `GET /v1/account` answers: country, default currency and capability states (switchable). */
  account: { country: string; currency: string; capabilities: Record<string, 'active' | 'inactive' | 'pending'> };
  /** Completes a session as the buyer paying on the hosted page would (no redirect). */
  pay(sessionId: string): Promise<void>;
  /** A bank debit that bounced: the session completes unpaid and `async_payment_failed` is sent. */
  failAsync(sessionId: string): Promise<number>;
  /** Sends the session's event again (a redelivery), or a given type; answers Tessera's status. */
  sendEvent(type: string, sessionId: string, eventId?: string): Promise<number>;
  /** Sends a held webhook now. */
  flushWebhooks(): Promise<void>;
  /** Waits for every webhook on its way. */
  idle(): Promise<void>;
  /**
   * Stripe forgets every idempotency key it holds, as it does once a key is 24 hours old: a request
   * sent again after that makes a new object.
   */
  forgetIdempotencyKeys(): void;
  /** Recorded requests to one API path (e.g. `/v1/checkout/sessions`), of one method when given. */
  requestsTo(path: string, method?: string): RecordedRequest[];
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function error(res: ServerResponse, status: number, type: string, message: string, code?: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeFake(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeFake> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const idempotency = new Map<string, { body: string; status: number; answer: string }>();
  const inFlight = new Set<Promise<unknown>>();
  const held: (() => Promise<unknown>)[] = [];
  /** Work to run once the current API answer is written (the events of a refund). */
  const afterAnswer: (() => void)[] = [];
  let server: Server;

  /** A failed refund gives its amount back to the payment: it may be refunded again. */
  function moneyBack(refund: FakeRefund): void {
    const intent = fake.intents.get(refund.payment_intent)!;
    intent.refunded -= refund.amount;
    const charge = book.chargeOf(intent);
    charge.amount_refunded = intent.refunded;
    charge.refunded = false;
  }

  function makeEvent(type: string, object: unknown, eventId = token('evt')): SentEvent {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    const event = { id: eventId, type, payload };
    fake.events.push(event);
    return event;
  }

  async function deliver(type: string, session: FakeSession, eventId = token('evt')): Promise<number> {
    return post(makeEvent(type, session, eventId));
  }

  async function post({ id: eventId, type, payload }: SentEvent): Promise<number> {
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const sent = fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }).then(async (response) => {
      await response.text();
      fake.delivered.push({ type, id: eventId, status: response.status });
      return response.status;
    });
    inFlight.add(sent);
    try {
      return await sent;
    } finally {
      inFlight.delete(sent);
    }
  }

  function complete(session: FakeSession): void {
    if (session.status !== 'open') return;
    const intent: FakeIntent = {
      id: token('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      customer: session.customer,
      payment_method: token('pm'),
      metadata: { order_id: session.metadata.order_id ?? '' },
      refunded: 0,
      latest_charge: null,
      created: Math.floor(Date.now() / 1000),
    };
    fake.intents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
  }

  async function completedWebhook(session: FakeSession): Promise<void> {
    const send = () => deliver('checkout.session.completed', session);
    if (fake.webhookTiming === 'held') held.push(send);
    else await send();
  }

  const api: Record<string, (body: Record<string, any>, id: string | undefined, query: URLSearchParams) => unknown> = {
    'POST /v1/checkout/sessions': (body) => {
      if (fake.failSessions) throw { status: 500, type: 'api_error', message: fake.failSessions };
      const amount = Number(body.line_items?.[0]?.price_data?.unit_amount);
      const quantity = Number(body.line_items?.[0]?.quantity ?? 1);
      const expiresAt = Number(body.expires_at);
      const now = Date.now() / 1000;
      if (!Number.isInteger(amount) || amount < 1)
        throw { status: 400, message: 'unit_amount must be a positive integer.' };
      if (!/^[a-z]{3}$/.test(String(body.line_items?.[0]?.price_data?.currency ?? ''))) {
        throw { status: 400, message: 'currency must be a lowercase ISO code.' };
      }
      if (!(expiresAt >= now + 30 * 60 && expiresAt <= now + 24 * 3600)) {
        throw { status: 400, message: 'expires_at must be between 30 minutes and 24 hours from now.' };
      }
      const id = token('cs_test');
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * quantity,
        currency: body.line_items[0].price_data.currency,
        customer: body.customer_creation === 'always' ? token('cus') : null,
        customer_email: body.customer_email ?? null,
        client_reference_id: body.client_reference_id ?? null,
        payment_intent: null,
        metadata: body.metadata ?? {},
        expires_at: expiresAt,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${fake.url}/pay/${id}`,
        mode: 'payment',
        livemode: false,
      };
      fake.sessions.set(id, session);
      return session;
    },
    'GET /v1/checkout/sessions/:id': (_body, id, query) => {
      const session = fake.sessions.get(id ?? '');
      if (!session) throw { status: 404, message: `No such checkout.session: '${id}'` };
      const expand = query.getAll('expand[]').concat(query.getAll('expand[0]'));
      if (expand.includes('payment_intent') && session.payment_intent) {
        return { ...session, payment_intent: fake.intents.get(session.payment_intent) };
      }
      return session;
    },
    'POST /v1/checkout/sessions/:id/expire': (_body, id) => {
      const session = fake.sessions.get(id ?? '');
      if (!session) throw { status: 404, message: `No such checkout.session: '${id}'` };
      if (session.status !== 'open')
        throw { status: 400, message: `Only open sessions can be expired (${session.status}).` };
      session.status = 'expired';
      return session;
    },
    'POST /v1/refunds': (body) => {
      if (fake.refuseRefunds) throw { status: 400, message: fake.refuseRefunds, code: 'charge_disputed' };
      const made = book.create(body);
      const events = refundEvents(made.refund, made.charge);
      if (fake.refundWebhooks === 'held') held.push(...events.map((e) => () => post(e)));
      else if (fake.webhookUrl) afterAnswer.push(() => events.forEach((e) => void post(e).catch(() => {})));
      return made.refund;
    },
    'GET /v1/refunds': (_body, _id, query) => book.list(query),
    'GET /v1/refunds/:id': (_body, id) => book.retrieve(id),
    'POST /v1/payment_intents': (body) => {
      if (fake.declineIntents)
        throw { status: 402, type: 'card_error', code: 'card_declined', message: fake.declineIntents };
      const intent: FakeIntent = {
        id: token('pi'),
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        status: 'succeeded',
        customer: body.customer ?? null,
        payment_method: body.payment_method ?? null,
        metadata: body.metadata ?? {},
        refunded: 0,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
      };
      fake.intents.set(intent.id, intent);
      return intent;
    },
    'GET /v1/payment_intents': (_body, _id, query) => listIntents([...fake.intents.values()], query),
    'GET /v1/account': () => {
      const { country, currency, capabilities } = fake.account;
      return { id: 'acct_fake', object: 'account', country, default_currency: currency, capabilities };
    },
  };

  function route(method: string, path: string): { handler: (typeof api)[string]; id?: string } | undefined {
    const parts = path.split('/');
    for (const [key, handler] of Object.entries(api)) {
      const [m, pattern] = key.split(' ') as [string, string];
      const want = pattern.split('/');
      if (m !== method || want.length !== parts.length) continue;
      if (want.every((p, i) => p === ':id' || p === parts[i])) {
        const at = want.indexOf(':id');
        return { handler, id: at >= 0 ? decodeURIComponent(parts[at]!) : undefined };
      }
    }
    return undefined;
  }

  /** Closes the connection instead of answering when `lostAnswers` says so for this POST's path. */
  function answerLost(req: IncomingMessage, url: URL): boolean {
    const lost = req.method === 'POST' ? (fake.lostAnswers.get(url.pathname) ?? 0) : 0;
    if (lost <= 0) return false;
    fake.lostAnswers.set(url.pathname, lost - 1);
    req.socket.destroy();
    return true;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const text = await readBody(req);
    const body = parseForm(text);
    const key = req.headers['idempotency-key'] as string | undefined;
    fake.requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey: key });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return error(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const found = route(req.method ?? '', url.pathname);
    if (!found) return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${url.pathname}).`);
    if (req.method === 'POST' && key) {
      const earlier = idempotency.get(`${url.pathname} ${key}`);
      if (earlier && earlier.body !== text) {
        return error(
          res,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters.',
        );
      }
      if (earlier) {
        if (answerLost(req, url)) return;
        res.writeHead(earlier.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return void res.end(earlier.answer);
      }
    }
    let status = 200;
    let answer: string;
    try {
      answer = JSON.stringify(found.handler(body, found.id, url.searchParams));
    } catch (thrown) {
      const problem = thrown as { status: number; type?: string; message: string; code?: string };
      status = problem.status;
      answer = JSON.stringify({
        error: {
          type: problem.type ?? 'invalid_request_error',
          message: problem.message,
          ...(problem.code ? { code: problem.code } : {}),
        },
      });
    }
    if (req.method === 'POST' && key && status < 500)
      idempotency.set(`${url.pathname} ${key}`, { body: text, status, answer });
    if (answerLost(req, url)) {
      for (const work of afterAnswer.splice(0)) work();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(answer);
    for (const work of afterAnswer.splice(0)) work();
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const [, , id, action] = url.pathname.split('/');
    const session = fake.sessions.get(id ?? '');
    if (!session) return error(res, 404, 'invalid_request_error', 'No such session.');
    if (req.method === 'GET' && !action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(hostedPage(session));
    }
    await readBody(req);
    if (req.method === 'POST' && action === 'pay' && session.status === 'open') {
      complete(session);
      await completedWebhook(session);
      res.writeHead(303, { location: session.success_url });
      return void res.end();
    }
    res.writeHead(303, { location: action === 'cancel' ? session.cancel_url : session.success_url });
    res.end();
  }

  /** What Stripe sends for a new refund: the refund, then its charge (the charge's copy taken now). */
  function refundEvents(refund: FakeRefund, charge: FakeCharge): SentEvent[] {
    return [makeEvent('refund.created', { ...refund }), makeEvent('charge.refunded', { ...charge })];
  }

  const fake: StripeFake = {
    url: '',
    secretKey,
    webhookSecret,
    webhookUrl: '',
    lostAnswers: new Map(),
    webhookTiming: 'before-redirect',
    requests: [],
    sessions: new Map(),
    intents: new Map(),
    forgetIdempotencyKeys() {
      idempotency.clear();
    },
    delivered: [],
    events: [],
    book: undefined as unknown as RefundBook,
    refundWebhooks: 'auto',
    async refundFromDashboard(paymentIntent, options = {}) {
      const body = {
        payment_intent: paymentIntent,
        ...(options.amount === undefined ? {} : { amount: options.amount }),
      };
      const { refund, charge } = book.create(body, { status: options.pending ? 'pending' : 'succeeded' });
      const events = refundEvents(refund, charge);
      const statuses: number[] = [];
      if (!options.hold) for (const event of events) statuses.push(await post(event));
      return { refund, charge, events, statuses };
    },
    async settleRefund(refundId, status) {
      const refund = book.retrieve(refundId);
      if (refund.status !== 'pending') throw new Error(`Refund ${refundId} is ${refund.status}, not pending.`);
      refund.status = status;
      if (status === 'failed') moneyBack(refund);
      const event = makeEvent('refund.updated', { ...refund });
      return { event, status: await post(event) };
    },
    async failRefund(refundId, options = {}) {
      const refund = book.retrieve(refundId);
      if (refund.status !== 'pending' && refund.status !== 'succeeded') {
        throw new Error(`Refund ${refundId} is ${refund.status}: it cannot fail.`);
      }
      refund.status = 'failed';
      moneyBack(refund);
      const event = makeEvent('refund.failed', { ...refund });
      return options.hold ? { event } : { event, status: await post(event) };
    },
    async redeliver(eventId) {
      const event = fake.events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No fake event ${eventId}`);
      return post(event);
    },
    failSessions: undefined,
    declineIntents: undefined,
    refuseRefunds: undefined,
    account: { country: 'US', currency: 'usd', capabilities: { card_payments: 'active', transfers: 'active' } },
    async pay(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`No fake session ${sessionId}`);
      complete(session);
      await completedWebhook(session);
    },
    async failAsync(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`No fake session ${sessionId}`);
      complete(session);
      const intent = fake.intents.get(session.payment_intent ?? '')!;
      intent.status = 'requires_payment_method';
      session.payment_status = 'unpaid';
      return deliver('checkout.session.async_payment_failed', session);
    },
    async sendEvent(type, sessionId, eventId) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`No fake session ${sessionId}`);
      return deliver(type, session, eventId);
    },
    async flushWebhooks() {
      const sends = held.splice(0);
      for (const send of sends) await send();
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    requestsTo(path, method) {
      return fake.requests.filter((r) => r.path === path && (!method || r.method === method));
    },
    close: () => closeServer(server),
  };

  const book = createRefundBook(fake.intents);
  fake.book = book;

  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const handle = url.pathname.startsWith('/v1/') ? handleApi : handlePage;
    handle(req, res, url).catch((thrown) => error(res, 500, 'api_error', String(thrown)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return fake;
}

/** The Stripe keys of a test server's `stripe` config that point it at this fake (or at `apiBase`). */
export function stripeKeysOf(fake: StripeFake, apiBase = fake.url) {
  return { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase };
}
