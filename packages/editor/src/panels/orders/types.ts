/** A row of `GET /api/config/orders`. */
export interface OrderListItem {
  id: string;
  orderNumber: number;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  currency: string;
  customerEmail: string;
  customerName: string;
  grandTotalCents: number;
  refundedCents: number;
  created: string;
}

export interface OrderPage {
  locale: string;
  orders: OrderListItem[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface OrderLine {
  title: string;
  sku: string;
  attributes: Record<string, string>;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  productType: number;
}

/** `GET /api/config/orders/:id` → `order`. */
export interface OrderDetail extends OrderListItem {
  locale: string;
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  giftCardCents: number;
  amountDueCents: number;
  refundableCents: number;
  fulfilledAt: string | null;
  lines: OrderLine[];
  shippingAddress: Record<string, string> | null;
  shippingOption: { name?: string; amountCents?: number } | null;
  coupons: { code: string; kind: string; value: number }[];
  taxLines: { name: string; amountCents?: number }[];
  payments: {
    provider: string;
    kind: string;
    status: string;
    amountCents: number;
    reference: string;
    createdAt: string;
  }[];
  history: { at: string; kind: string; amountCents?: number; text: string }[];
  /** The order's subscription and where its renewals stand (issue 17); null for other orders. */
  subscription?: SubscriptionRenewal | null;
}

export interface SubscriptionRenewal {
  id: string;
  status: string;
  nextBillingAt: string | null;
  renewalState: 'requires-action' | 'declined' | null;
  renewalMessage: string | null;
  renewalAttempts: number;
  renewalRetryAt: string | null;
}

/** `POST /api/config/orders/:id/refund` */
export interface RefundAnswer {
  ok: true;
  refundedCents: number;
  amountCents: number;
  provider: string;
  reference: string;
  message: string;
  /** What the refund did to the gift cards the order bought (the message says it in words). */
  giftCards: { id: string; last4: string; action: 'disabled' | 'reduced'; balanceCents: number }[];
}
