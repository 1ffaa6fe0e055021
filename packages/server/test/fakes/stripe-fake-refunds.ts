import { randomBytes } from 'node:crypto';

/**
 * Refunds in the fake Stripe (issue 23), shaped after Stripe's published API (`stripe/openapi`
 * spec3: the `refund` and `charge` schemas, `POST /v1/refunds`, `GET /v1/refunds[/{refund}]`) and its
 * events since 2024-10-28: each refund of a card payment, made through the API or in the
 * dashboard, sends `refund.created` (the refund) and `charge.refunded` (the charge, with
 * `amount_refunded` and `refunded`); a refund whose status changes later sends `refund.updated`.
 */

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  currency: string;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
  metadata: Record<string, string>;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
}

/** The part of a payment intent refunds read and change. */
export interface RefundableIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  refunded: number;
  latest_charge: string | null;
}

type Problem = { status: number; message: string; code?: string; type?: string };
const problem = (status: number, message: string, code?: string): Problem => ({ status, message, code });

let sequence = 0;
/** Refund ids that sort by creation, so a list is newest first like Stripe's. */
const refundId = () => `re_${(++sequence).toString(36).padStart(6, '0')}${randomBytes(8).toString('hex')}`;

export function createRefundBook(intents: Map<string, RefundableIntent>) {
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();

  /** The charge of a succeeded intent (made on first use, as Stripe makes one per payment). */
  function chargeOf(intent: RefundableIntent): FakeCharge {
    if (intent.latest_charge && charges.has(intent.latest_charge)) return charges.get(intent.latest_charge)!;
    const charge: FakeCharge = {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: intent.refunded,
      captured: true,
      currency: intent.currency,
      paid: true,
      payment_intent: intent.id,
      refunded: intent.refunded >= intent.amount,
      status: 'succeeded',
      metadata: { ...intent.metadata },
      livemode: false,
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  /** `POST /v1/refunds` (and the dashboard's Refund button): of a payment intent or of a charge. */
  function create(
    body: Record<string, any>,
    options: { status?: FakeRefund['status'] } = {},
  ): { refund: FakeRefund; charge: FakeCharge } {
    if (body.payment_intent && body.charge) throw problem(400, 'Pass either payment_intent or charge, not both.');
    const byCharge = body.charge ? charges.get(String(body.charge)) : undefined;
    if (body.charge && !byCharge) throw problem(404, `No such charge: '${body.charge}'`, 'resource_missing');
    const intent = intents.get(byCharge ? byCharge.payment_intent : String(body.payment_intent ?? ''));
    if (!intent) {
      throw problem(404, `No such payment_intent: '${body.payment_intent ?? ''}'`, 'resource_missing');
    }
    if (intent.status !== 'succeeded') {
      throw problem(400, 'This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable');
    }
    const left = intent.amount - intent.refunded;
    if (left <= 0)
      throw problem(400, `Charge ${chargeOf(intent).id} has already been refunded.`, 'charge_already_refunded');
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw problem(400, 'Invalid positive integer', 'parameter_invalid_integer');
    if (amount > left) {
      throw problem(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
      );
    }
    const charge = chargeOf(intent);
    intent.refunded += amount;
    charge.amount_refunded = intent.refunded;
    charge.refunded = intent.refunded >= intent.amount;
    const refund: FakeRefund = {
      id: refundId(),
      object: 'refund',
      amount,
      charge: charge.id,
      created: Math.floor(Date.now() / 1000),
      currency: intent.currency,
      metadata: body.metadata ?? {},
      payment_intent: intent.id,
      reason: body.reason ?? null,
      status: options.status ?? 'succeeded',
    };
    refunds.set(refund.id, refund);
    return { refund, charge };
  }

  /** `GET /v1/refunds`: newest first, filtered by `payment_intent` or `charge`, paged by `starting_after`. */
  function list(query: URLSearchParams) {
    const intent = query.get('payment_intent');
    const charge = query.get('charge');
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10) || 10));
    let all = [...refunds.values()]
      .filter((r) => (!intent || r.payment_intent === intent) && (!charge || r.charge === charge))
      .sort((a, b) => (a.id < b.id ? 1 : -1));
    const after = query.get('starting_after');
    if (after) {
      const at = all.findIndex((r) => r.id === after);
      if (at < 0) throw problem(404, `No such refund: '${after}'`, 'resource_missing');
      all = all.slice(at + 1);
    }
    return { object: 'list', url: '/v1/refunds', has_more: all.length > limit, data: all.slice(0, limit) };
  }

  function retrieve(id: string | undefined): FakeRefund {
    const refund = refunds.get(id ?? '');
    if (!refund) throw problem(404, `No such refund: '${id}'`, 'resource_missing');
    return refund;
  }

  return { charges, refunds, chargeOf, create, list, retrieve };
}

export type RefundBook = ReturnType<typeof createRefundBook>;
