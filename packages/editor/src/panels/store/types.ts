/** `GET /api/config/checkout` */
export interface CheckoutSettings {
  currency: string;
  locale: string;
  shippingOptions: ShippingOption[];
  taxRules: TaxRule[];
  coupons: Coupon[];
}

export interface ShippingOption {
  id?: string;
  name: string;
  amountCents: number;
  freeOverCents: number | null;
}

export interface TaxRule {
  id?: string;
  name: string;
  rateBasisPoints: number;
  taxShipping: boolean;
  countries: string[];
}

export type CouponKind = 'percent' | 'fixed' | 'free-shipping';

export interface Coupon {
  code: string;
  kind: CouponKind;
  /** A percent (1–100) or minor units off; 0 for free shipping. */
  value: number;
  minSubtotalCents: number;
  active: boolean;
}

/** `GET /api/config/settings/store` */
export interface StoreSettings {
  multipleQuantityAllowedForServices: boolean;
  restockHiddenByDefault: boolean;
  restockMailingListOptIn: boolean;
  restockNotificationsSuccessText: string;
  restockAutoSend: boolean;
  scarcityEnabled: boolean;
  scarcityShownByDefault: boolean;
  scarcityThreshold: number | null;
  scarcityText: string | null;
  expressCheckout: boolean;
}

export interface GiftCard {
  id: string;
  code: string;
  last4: string;
  currency: string;
  initialCents: number;
  balanceCents: number;
  orderId: string | null;
  orderNumber: number | null;
  recipientEmail: string;
  issuedBy: string | null;
  status: 'active' | 'used' | 'disabled';
  createdAt: string;
  disabledAt: string | null;
}

/** `GET /api/config/gift-cards` */
export interface GiftCardPage {
  giftCards: GiftCard[];
  currency: string;
  hasNextPage: boolean;
  nextPageCursor: string | null;
}
