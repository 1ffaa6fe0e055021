import { z } from 'zod';

// Donations as the owner sees them (`/api/config/donations*`, store group; the totals also for the
// reporting group): every gift with what it has paid, donors, totals per currency, the CSV export,
// one gift's payments and the refund of a renewal payment. The donor's form stays in the server.

// ---- Requests -------------------------------------------------------------------------------------

export const ownerListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const id = (what: string) =>
  z.string({ error: `Send the ${what} id as text.` }).regex(/^[A-Za-z0-9_-]{1,64}$/, `That is not a ${what} id.`);

export const donationParams = z.object({ donationId: id('donation') });
export const donationPaymentParams = z.object({ donationId: id('donation'), paymentId: id('payment') });

export const donationRefundBody = z
  .object({
    amountCents: z
      .number({ error: 'amountCents must be a whole number.' })
      .int('amountCents must be a whole number.')
      .positive('amountCents must be more than 0.')
      .max(1_000_000_000, 'That amount is too large.')
      .optional(),
  })
  .strict();

// ---- Answers --------------------------------------------------------------------------------------

/** One payment of a gift: the first is the gift's order (refunded from Orders); renewals are refunded here. */
export const ownerDonationPayment = z.object({
  id: z.string(),
  cycle: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  reference: z.string().nullable(),
  paidAt: z.string(),
  refundedCents: z.number().int(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
});

/** `GET /api/config/donations/:donationId/payments`: oldest first. */
export const donationPaymentsAnswer = z.object({ payments: z.array(ownerDonationPayment) });

/** `POST /api/config/donations/:donationId/payments/:paymentId/refund`. */
export const donationRefundAnswer = z.object({
  ok: z.literal(true),
  refund: z.object({
    id: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    provider: z.string(),
    reference: z.string(),
  }),
  refundedCents: z.number().int(),
  message: z.string(),
});

/** One gift in the owner's list. */
export const ownerDonation = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    donorName: z.string(),
    donorEmail: z.string(),
    showName: z.boolean(),
    amountCents: z.int(),
    currency: z.string(),
    /** `once`, `month` or `year`. */
    interval: z.string(),
    /** `pending`, `paid`, `active`, `cancelled`, `lapsed` or `expired`. */
    status: z.string(),
    note: z.string().nullable(),
    orderId: z.string(),
    /** What the gift has paid so far, net of refunds. */
    paidCents: z.int(),
    refundedCents: z.int(),
    payments: z.int(),
    nextChargeAt: z.string().nullable(),
    message: z.string().nullable(),
  })
  .strict();

/** One donor (by email and currency): what they gave in all, net of refunds. */
export const donor = z
  .object({
    email: z.string(),
    name: z.string(),
    showName: z.boolean(),
    currency: z.string(),
    totalCents: z.int(),
    gifts: z.int(),
    lastGiftAt: z.string(),
  })
  .strict();

/** What the site has received in one currency: money that succeeded only, net of refunds. */
export const donationTotals = z
  .object({
    currency: z.string(),
    totalCents: z.int(),
    payments: z.int(),
    donors: z.int(),
    activeRecurring: z.int(),
  })
  .strict();

/** `GET /api/config/donations?limit=`: the latest gifts, the biggest donors, totals per currency. */
export const donationsListing = z
  .object({ donations: z.array(ownerDonation), donors: z.array(donor), totals: z.array(donationTotals) })
  .strict();

/** `GET /api/config/donations/totals` (the Analytics panel). */
export const donationTotalsAnswer = z.object({ totals: z.array(donationTotals) }).strict();

/** The columns of `GET /api/config/donations.csv`, in order. */
export const DONATIONS_CSV_COLUMNS = [
  'Date',
  'Donor',
  'Email',
  'Show name',
  'Amount',
  'Currency',
  'Kind',
  'Status',
  'Paid so far',
  'Payments',
  'Note',
  'Refunded',
] as const;

/**
 * `GET /api/config/donations.csv` (`text/csv`, UTF-8 with a byte order mark): a header line of
 * `DONATIONS_CSV_COLUMNS`, then one CRLF-ended line per gift, amounts as plain decimals.
 */
export const donationsCsv = z
  .string()
  .startsWith(`\uFEFF${DONATIONS_CSV_COLUMNS.join(',')}\r\n`, 'The CSV starts with its byte order mark and header.');

export type OwnerDonationPayment = z.infer<typeof ownerDonationPayment>;
export type DonationRefundAnswer = z.infer<typeof donationRefundAnswer>;
export type OwnerDonation = z.infer<typeof ownerDonation>;
export type Donor = z.infer<typeof donor>;
export type DonationTotals = z.infer<typeof donationTotals>;
export type DonationsListing = z.infer<typeof donationsListing>;
export type DonationTotalsAnswer = z.infer<typeof donationTotalsAnswer>;
