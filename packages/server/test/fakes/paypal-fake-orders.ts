import { randomUUID } from 'node:crypto';

/**
 * Orders v2 and captures as the fake PayPal keeps them, in PayPal's wire format (snake_case),
 * with the checks PayPal makes on amounts: decimal strings with the currency's precision, items
 * that add up to `item_total`, and a total that matches its breakdown.
 */

export interface WireMoney {
  currency_code: string;
  value: string;
}

export interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'DECLINED';
  amount: WireMoney;
  custom_id?: string;
  final_capture: true;
  create_time: string;
  supplementary_data: { related_ids: { order_id: string } };
  /** Minor units refunded so far (not part of PayPal's wire format). */
  refundedMinor: number;
}

export interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  intent: 'CAPTURE';
  createTime: string;
  purchaseUnit: Record<string, unknown> & { amount: WireMoney; custom_id?: string; reference_id?: string };
  returnUrl: string;
  cancelUrl: string;
  payerId?: string;
  capture?: FakeCapture;
}

export class PaypalProblem extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
    readonly description: string,
  ) {
    super(description);
  }

  toWire(): Record<string, unknown> {
    const name =
      this.status === 404 ? 'RESOURCE_NOT_FOUND' : this.status === 400 ? 'INVALID_REQUEST' : 'UNPROCESSABLE_ENTITY';
    return {
      name,
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: randomUUID().slice(0, 13).replace('-', ''),
      details: [{ issue: this.issue, description: this.description }],
    };
  }
}

/** PayPal's currencies without a decimal part (its docs: HUF, JPY, TWD). */
const WHOLE_UNIT_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

export function digitsOf(currency: string): number {
  return WHOLE_UNIT_CURRENCIES.has(currency) ? 0 : 2;
}

/** A wire amount to minor units, refusing more decimals than the currency has (DECIMAL_PRECISION). */
export function minorOf(money: unknown, currency?: string): number {
  const m = money as Partial<WireMoney> | undefined;
  if (!m || typeof m.value !== 'string' || typeof m.currency_code !== 'string') {
    throw new PaypalProblem(400, 'MISSING_REQUIRED_PARAMETER', 'An amount needs value and currency_code.');
  }
  if (currency && m.currency_code !== currency) {
    throw new PaypalProblem(422, 'CURRENCY_MISMATCH', 'All amounts of an order must use the same currency.');
  }
  const digits = digitsOf(m.currency_code);
  const pattern = digits === 0 ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{1,2})?$/;
  if (!pattern.test(m.value)) {
    throw new PaypalProblem(422, 'DECIMAL_PRECISION', `${m.currency_code} does not accept the amount "${m.value}".`);
  }
  const [whole, fraction = ''] = m.value.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export function wire(minor: number, currency: string): WireMoney {
  const digits = digitsOf(currency);
  const value = digits === 0 ? String(minor) : `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  return { currency_code: currency, value };
}

export function newId(length: number): string {
  return randomUUID().replaceAll('-', '').toUpperCase().slice(0, length);
}

/** Checks a create-order request and builds the order, as PayPal would before answering 201. */
export function createOrder(body: Record<string, any>): FakeOrder {
  if (body.intent !== 'CAPTURE') throw new PaypalProblem(422, 'UNSUPPORTED_INTENT', 'The fake only captures.');
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length !== 1) {
    throw new PaypalProblem(400, 'INVALID_ARRAY_LENGTH', 'Exactly one purchase unit is expected.');
  }
  const unit = units[0] as FakeOrder['purchaseUnit'];
  const currency = unit.amount?.currency_code;
  const total = minorOf(unit.amount);
  if (total <= 0) throw new PaypalProblem(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'The amount must be positive.');
  const breakdown = (unit.amount as any).breakdown as Record<string, unknown> | undefined;
  const items = unit.items as Array<{ quantity: string; unit_amount: WireMoney }> | undefined;
  if (items && !breakdown?.item_total) {
    throw new PaypalProblem(422, 'ITEM_TOTAL_REQUIRED', 'Items need amount.breakdown.item_total.');
  }
  if (breakdown) {
    const part = (key: string) => (breakdown[key] ? minorOf(breakdown[key], currency) : 0);
    const sum = part('item_total') + part('shipping') + part('handling') + part('tax_total') + part('insurance');
    if (sum - part('discount') - part('shipping_discount') !== total) {
      throw new PaypalProblem(422, 'AMOUNT_MISMATCH', 'The amount must equal the sum of its breakdown.');
    }
    const itemSum = (items ?? []).reduce((s, i) => s + Number(i.quantity) * minorOf(i.unit_amount, currency), 0);
    if (items && itemSum !== part('item_total')) {
      throw new PaypalProblem(422, 'ITEM_TOTAL_MISMATCH', 'Items must add up to item_total.');
    }
  }
  const context = body.payment_source?.paypal?.experience_context ?? body.application_context ?? {};
  if (typeof context.return_url !== 'string' || typeof context.cancel_url !== 'string') {
    throw new PaypalProblem(422, 'MISSING_REQUIRED_PARAMETER', 'return_url and cancel_url are needed to redirect.');
  }
  return {
    id: newId(17),
    status: 'PAYER_ACTION_REQUIRED',
    intent: 'CAPTURE',
    createTime: new Date().toISOString(),
    purchaseUnit: unit,
    returnUrl: context.return_url,
    cancelUrl: context.cancel_url,
  };
}

export function approveOrder(order: FakeOrder): void {
  if (order.status !== 'PAYER_ACTION_REQUIRED') {
    throw new PaypalProblem(422, 'ORDER_CANNOT_BE_APPROVED', 'This order can no longer be approved.');
  }
  order.status = 'APPROVED';
  order.payerId = newId(13);
}

export function captureOrder(order: FakeOrder, decline: boolean): FakeCapture {
  if (order.status === 'COMPLETED') {
    throw new PaypalProblem(422, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
  }
  if (order.status !== 'APPROVED') {
    throw new PaypalProblem(422, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
  }
  if (decline) throw new PaypalProblem(422, 'INSTRUMENT_DECLINED', 'The instrument presented was declined.');
  order.status = 'COMPLETED';
  order.capture = {
    id: newId(17),
    status: 'COMPLETED',
    amount: order.purchaseUnit.amount,
    custom_id: order.purchaseUnit.custom_id,
    final_capture: true,
    create_time: new Date().toISOString(),
    supplementary_data: { related_ids: { order_id: order.id } },
    refundedMinor: 0,
  };
  return order.capture;
}

/** Refunds part or all of a capture; answers the refund resource. */
export function refundCapture(capture: FakeCapture, body: Record<string, any>): Record<string, unknown> {
  const currency = capture.amount.currency_code;
  const captured = minorOf(capture.amount);
  const amount = body.amount ? minorOf(body.amount, currency) : captured - capture.refundedMinor;
  if (amount <= 0) throw new PaypalProblem(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'The refund must be positive.');
  if (capture.refundedMinor + amount > captured) {
    throw new PaypalProblem(
      422,
      'REFUND_AMOUNT_EXCEEDED',
      'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    );
  }
  capture.refundedMinor += amount;
  capture.status = capture.refundedMinor === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return {
    id: newId(17),
    status: 'COMPLETED',
    amount: wire(amount, currency),
    create_time: new Date().toISOString(),
    links: [{ href: `/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' }],
  };
}

/** The order as GET /v2/checkout/orders/{id} answers it. */
export function orderToWire(order: FakeOrder, apiBase: string): Record<string, unknown> {
  const { refundedMinor: _refunded, ...capture } = order.capture ?? { refundedMinor: 0 };
  const unit = { ...order.purchaseUnit, ...(order.capture ? { payments: { captures: [capture] } } : {}) };
  const links = [{ href: `${apiBase}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
  if (order.status === 'PAYER_ACTION_REQUIRED') {
    links.push({ href: `${apiBase}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' });
  }
  if (order.status === 'APPROVED') {
    links.push({ href: `${apiBase}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
  }
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    create_time: order.createTime,
    purchase_units: [unit],
    ...(order.payerId ? { payer: { payer_id: order.payerId, email_address: 'buyer@example.com' } } : {}),
    links,
  };
}
