import { minorOf, newId, PaypalProblem, type WireMoney, wire } from './paypal-fake-orders.js';
import { saleToWire, subscriptionToWire } from './paypal-fake-subscription-wire.js';

/**
 * The Subscriptions half of the fake PayPal, in the wire format of PayPal's published OpenAPI
 * (`catalogs_products_v1.json`, `billing_subscriptions_v1.json`; sale and refund resources of
 * `payments_payment_v1.json`): catalog products, billing plans (one REGULAR cycle with a fixed
 * price), subscriptions with a per-subscription price override, the payer's approval page, cancel,
 * the transactions list, and the billing cycles a test runs by hand (`bill`). Each sale is refundable
 * through `/v2/payments/captures/{id}/refund` as PayPal documents for subscription transactions.
 */

type Json = Record<string, any>;

export interface FakeSale {
  id: string;
  subscriptionId: string;
  state: 'completed' | 'partially_refunded' | 'refunded';
  amount: WireMoney;
  refundedMinor: number;
  time: string;
}

export interface FakeSubscription {
  id: string;
  baToken: string;
  planId: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  statusNote?: string;
  statusUpdateTime: string;
  customId?: string;
  price: WireMoney;
  overridden: boolean;
  unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  count: number;
  threshold: number;
  returnUrl: string;
  cancelUrl: string;
  createTime: string;
  payerId?: string;
  cyclesCompleted: number;
  failedPayments: number;
  nextBillingTime?: string;
  sales: FakeSale[];
}

/** An event the fake PayPal then signs and posts: type, resource type, resource, summary. */
export type FakeEvent = [type: string, resourceType: string, resource: unknown, summary: string];

const UNITS = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 } as const;

function later(iso: string, unit: FakeSubscription['unit'], count: number): string {
  const date = new Date(iso);
  if (unit === 'DAY' || unit === 'WEEK')
    return new Date(date.getTime() + count * (unit === 'DAY' ? 1 : 7) * 86_400_000).toISOString();
  date.setUTCMonth(date.getUTCMonth() + (unit === 'YEAR' ? 12 : 1) * count);
  return date.toISOString();
}

const isoNow = () => new Date().toISOString();

export class FakeSubscriptions {
  readonly products = new Map<string, Json>();
  readonly plans = new Map<string, Json>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly sales = new Map<string, FakeSale>();

  constructor(private readonly base: () => string) {}

  createProduct(body: Json): Json {
    if (typeof body.name !== 'string' || !body.name || body.name.length > 127) {
      throw new PaypalProblem(400, 'MISSING_REQUIRED_PARAMETER', 'A product needs a name of 1 to 127 characters.');
    }
    if (!['PHYSICAL', 'DIGITAL', 'SERVICE'].includes(body.type)) {
      throw new PaypalProblem(400, 'INVALID_PARAMETER_VALUE', 'type must be PHYSICAL, DIGITAL or SERVICE.');
    }
    const id = body.id ?? `PROD-${newId(17)}`;
    if (typeof id !== 'string' || id.length < 6 || id.length > 50) {
      throw new PaypalProblem(400, 'INVALID_STRING_LENGTH', 'A product id has 6 to 50 characters.');
    }
    if (this.products.has(id)) {
      throw new PaypalProblem(422, 'DUPLICATE_RESOURCE_IDENTIFIER', 'The specified resource ID already exists.');
    }
    const now = isoNow();
    const product = {
      id,
      name: body.name,
      description: body.description,
      type: body.type,
      create_time: now,
      update_time: now,
    };
    this.products.set(id, product);
    return this.productToWire(product);
  }

  productToWire(product: Json): Json {
    return {
      ...product,
      links: [{ href: `${this.base()}/v1/catalogs/products/${product.id}`, rel: 'self', method: 'GET' }],
    };
  }

  createPlan(body: Json): Json {
    if (!this.products.has(body.product_id)) {
      throw new PaypalProblem(422, 'INVALID_PARAMETER_VALUE', 'The product_id does not name a catalog product.');
    }
    if (typeof body.name !== 'string' || !body.name)
      throw new PaypalProblem(400, 'MISSING_REQUIRED_PARAMETER', 'A plan needs a name.');
    const cycles = body.billing_cycles;
    if (
      !Array.isArray(cycles) ||
      cycles.length !== 1 ||
      cycles[0].tenure_type !== 'REGULAR' ||
      cycles[0].sequence !== 1
    ) {
      throw new PaypalProblem(
        422,
        'UNSUPPORTED_BILLING_CYCLES',
        'The fake keeps plans with one REGULAR cycle of sequence 1.',
      );
    }
    const cycle = cycles[0];
    const unit = cycle.frequency?.interval_unit as keyof typeof UNITS;
    const count = cycle.frequency?.interval_count ?? 1;
    if (!(unit in UNITS) || !Number.isInteger(count) || count < 1 || count > UNITS[unit]) {
      throw new PaypalProblem(422, 'INVALID_INTERVAL_COUNT', 'The interval count is outside what its unit allows.');
    }
    const price = minorOf(cycle.pricing_scheme?.fixed_price);
    if (price <= 0)
      throw new PaypalProblem(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'A regular cycle needs a positive price.');
    if (!body.payment_preferences || typeof body.payment_preferences !== 'object') {
      throw new PaypalProblem(400, 'MISSING_REQUIRED_PARAMETER', 'payment_preferences is required.');
    }
    const now = isoNow();
    const plan = {
      id: `P-${newId(24)}`,
      product_id: body.product_id,
      name: body.name,
      description: body.description,
      status: body.status ?? 'ACTIVE',
      billing_cycles: [{ ...cycle, total_cycles: cycle.total_cycles ?? 1 }],
      payment_preferences: body.payment_preferences,
      quantity_supported: false,
      create_time: now,
      update_time: now,
    };
    this.plans.set(plan.id, plan);
    return this.planToWire(plan);
  }

  planToWire(plan: Json): Json {
    return { ...plan, links: [{ href: `${this.base()}/v1/billing/plans/${plan.id}`, rel: 'self', method: 'GET' }] };
  }

  listPlans(query: URLSearchParams): Json {
    const product = query.get('product_id');
    const size = Math.min(20, Number(query.get('page_size') ?? 10) || 10);
    const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
    const all = [...this.plans.values()].filter((p) => !product || p.product_id === product);
    const plans = all.slice((page - 1) * size, page * size).map((p) => ({
      id: p.id,
      product_id: p.product_id,
      name: p.name,
      status: p.status,
      description: p.description,
      create_time: p.create_time,
      links: this.planToWire(p).links,
    }));
    return { plans, ...(query.get('total_required') === 'true' ? { total_items: all.length } : {}), links: [] };
  }

  createSubscription(body: Json): FakeSubscription {
    const plan = this.plans.get(body.plan_id);
    if (!plan) throw new PaypalProblem(422, 'INVALID_PARAMETER_VALUE', 'The plan_id does not name a plan.');
    if (plan.status !== 'ACTIVE') throw new PaypalProblem(422, 'PLAN_STATUS_INVALID', 'The plan is not active.');
    const cycle = plan.billing_cycles[0];
    let price = cycle.pricing_scheme.fixed_price as WireMoney;
    const override = body.plan?.billing_cycles;
    if (override !== undefined) {
      if (!Array.isArray(override) || override.length !== 1 || override[0].sequence !== cycle.sequence) {
        throw new PaypalProblem(
          422,
          'BILLING_CYCLE_SEQUENCE_MISMATCH',
          'The override must name the plan cycles by sequence.',
        );
      }
      const fixed = override[0].pricing_scheme?.fixed_price;
      if (minorOf(fixed, price.currency_code) <= 0) {
        throw new PaypalProblem(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'The price must be positive.');
      }
      price = fixed;
    }
    const context = body.application_context ?? {};
    if (typeof context.return_url !== 'string' || typeof context.cancel_url !== 'string') {
      throw new PaypalProblem(422, 'MISSING_REQUIRED_PARAMETER', 'return_url and cancel_url are needed to redirect.');
    }
    if (body.custom_id !== undefined && (typeof body.custom_id !== 'string' || body.custom_id.length > 127)) {
      throw new PaypalProblem(400, 'INVALID_STRING_LENGTH', 'custom_id has at most 127 characters.');
    }
    const now = isoNow();
    const subscription: FakeSubscription = {
      id: `I-${newId(12)}`,
      baToken: `BA-${newId(17)}`,
      planId: plan.id,
      status: 'APPROVAL_PENDING',
      statusUpdateTime: now,
      customId: body.custom_id,
      price,
      overridden: override !== undefined,
      unit: cycle.frequency.interval_unit,
      count: cycle.frequency.interval_count ?? 1,
      threshold: plan.payment_preferences.payment_failure_threshold ?? 0,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      createTime: now,
      cyclesCompleted: 0,
      failedPayments: 0,
      sales: [],
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  find(id: string): FakeSubscription {
    const found = this.subscriptions.get(id);
    if (!found) throw new PaypalProblem(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    return found;
  }

  byToken(token: string): FakeSubscription | undefined {
    return [...this.subscriptions.values()].find((s) => s.baToken === token);
  }

  toWire(s: FakeSubscription): Json {
    return subscriptionToWire(s, this.base());
  }

  saleToWire(sale: FakeSale, subscription: FakeSubscription): Json {
    return saleToWire(sale, subscription, this.base());
  }

  /** The payer approved: the subscription starts and its first cycle is billed at once. */
  approve(s: FakeSubscription): FakeEvent[] {
    if (s.status !== 'APPROVAL_PENDING') {
      throw new PaypalProblem(422, 'SUBSCRIPTION_STATUS_INVALID', 'This subscription can no longer be approved.');
    }
    s.status = 'ACTIVE';
    s.statusUpdateTime = isoNow();
    s.payerId = newId(13);
    const activated: FakeEvent = [
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'subscription',
      this.toWire(s),
      'Subscription activated',
    ];
    return [activated, ...this.bill(s.id)];
  }

  /** Runs the subscription's next billing cycle: a sale, or (declined) a failure that may suspend it. */
  bill(id: string, options: { decline?: boolean } = {}): FakeEvent[] {
    const s = this.find(id);
    if (s.status !== 'ACTIVE') throw new Error(`Subscription ${id} is ${s.status}: nothing is billed.`);
    const now = isoNow();
    if (options.decline) {
      s.failedPayments += 1;
      const events: FakeEvent[] = [
        ['BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'subscription', this.toWire(s), 'Subscription payment failed'],
      ];
      if (s.failedPayments >= Math.max(1, s.threshold)) {
        s.status = 'SUSPENDED';
        s.statusNote = 'Payment failure threshold reached';
        s.statusUpdateTime = now;
        events.push(['BILLING.SUBSCRIPTION.SUSPENDED', 'subscription', this.toWire(s), 'Subscription suspended']);
      }
      return events;
    }
    const sale: FakeSale = {
      id: newId(17),
      subscriptionId: s.id,
      state: 'completed',
      amount: s.price,
      refundedMinor: 0,
      time: now,
    };
    s.sales.push(sale);
    this.sales.set(sale.id, sale);
    s.failedPayments = 0;
    s.cyclesCompleted += 1;
    s.nextBillingTime = later(s.nextBillingTime ?? now, s.unit, s.count);
    return [['PAYMENT.SALE.COMPLETED', 'sale', this.saleToWire(sale, s), 'Payment completed']];
  }

  cancel(id: string, body: Json): FakeEvent[] {
    const s = this.find(id);
    if (typeof body?.reason !== 'string' || !body.reason || body.reason.length > 128) {
      throw new PaypalProblem(400, 'MISSING_REQUIRED_PARAMETER', 'reason is required (1 to 128 characters).');
    }
    if (s.status !== 'ACTIVE' && s.status !== 'SUSPENDED') {
      throw new PaypalProblem(422, 'SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for cancel action.');
    }
    s.status = 'CANCELLED';
    s.statusNote = body.reason;
    s.statusUpdateTime = isoNow();
    return [['BILLING.SUBSCRIPTION.CANCELLED', 'subscription', this.toWire(s), 'Subscription cancelled']];
  }

  transactions(id: string, query: URLSearchParams): Json {
    const s = this.find(id);
    const start = query.get('start_time');
    const end = query.get('end_time');
    if (!start || !end || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) {
      throw new PaypalProblem(400, 'MISSING_REQUIRED_PARAMETER', 'start_time and end_time are required.');
    }
    const inRange = s.sales.filter(
      (sale) => sale.time >= new Date(start).toISOString() && sale.time <= new Date(end).toISOString(),
    );
    const transactions = inRange.map((sale) => {
      const currency = sale.amount.currency_code;
      const gross = minorOf(sale.amount);
      const fee = Math.min(30, gross);
      return {
        status: sale.state.toUpperCase(),
        id: sale.id,
        amount_with_breakdown: {
          gross_amount: sale.amount,
          fee_amount: wire(fee, currency),
          net_amount: wire(gross - fee, currency),
        },
        payer_name: { given_name: 'Fake', surname: 'Payer' },
        payer_email: 'donor@example.com',
        time: sale.time,
      };
    });
    return {
      transactions,
      links: [{ href: `${this.base()}/v1/billing/subscriptions/${id}/transactions`, rel: 'self', method: 'GET' }],
    };
  }

  /** Refunds part or all of a sale; answers the v2 refund and the v1 refund resource its webhook carries. */
  refundSale(sale: FakeSale, body: Json, refundId: string = newId(17)): { answer: Json; event: FakeEvent } {
    const currency = sale.amount.currency_code;
    const paid = minorOf(sale.amount);
    const amount = body?.amount ? minorOf(body.amount, currency) : paid - sale.refundedMinor;
    if (amount <= 0) throw new PaypalProblem(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'The refund must be positive.');
    if (sale.refundedMinor + amount > paid) {
      throw new PaypalProblem(
        422,
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the amount not yet refunded.',
      );
    }
    sale.refundedMinor += amount;
    sale.state = sale.refundedMinor === paid ? 'refunded' : 'partially_refunded';
    const now = isoNow();
    const money = wire(amount, currency);
    const base = this.base();
    const answer = {
      id: refundId,
      status: 'COMPLETED',
      amount: money,
      ...(body?.custom_id ? { custom_id: body.custom_id } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${sale.id}`, rel: 'up', method: 'GET' },
      ],
    };
    const resource = {
      id: refundId,
      state: 'completed',
      amount: { total: money.value, currency },
      sale_id: sale.id,
      billing_agreement_id: sale.subscriptionId,
      create_time: now,
      update_time: now,
      links: [
        { href: `${base}/v1/payments/refund/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${base}/v1/payments/sale/${sale.id}`, rel: 'sale', method: 'GET' },
      ],
    };
    return { answer, event: ['PAYMENT.SALE.REFUNDED', 'refund', resource, 'A sale was refunded'] };
  }
}
