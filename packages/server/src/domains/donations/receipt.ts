import { type DonationInterval, donationIntervalLabel, formatMoney } from '@tessera/core';
import type { DonationRow } from '../../platform/db/schema.js';

// The receipt a donor gets for every payment (the first and each renewal): amount, date, and for a
// recurring gift the link that cancels it.

export interface ReceiptInput {
  donation: Pick<DonationRow, 'donor_email' | 'donor_name' | 'currency' | 'interval'>;
  amountCents: number;
  /** When the payment was taken (ISO). */
  paidAt: string;
  siteTitle: string;
  locale: string;
  timeZone: string;
  /** Absolute cancel link (recurring gifts only). */
  cancelUrl?: string;
}

export function receiptMail(input: ReceiptInput): { to: string; subject: string; text: string } {
  const { donation } = input;
  const amount = formatMoney(input.amountCents, donation.currency, input.locale);
  const date = new Intl.DateTimeFormat(input.locale, { dateStyle: 'long', timeZone: input.timeZone }).format(
    new Date(input.paidAt),
  );
  const interval = donation.interval as DonationInterval;
  const lines = [
    `Dear ${donation.donor_name},`,
    '',
    `Thank you for your donation to ${input.siteTitle}.`,
    '',
    `Amount: ${amount}`,
    `Date: ${date}`,
    `Kind: ${donationIntervalLabel(interval)}`,
  ];
  if (interval !== 'once' && input.cancelUrl) {
    lines.push(
      '',
      `This gift renews ${interval === 'month' ? 'every month' : 'every year'} until you cancel it.`,
      `To cancel it, open: ${input.cancelUrl}`,
    );
  }
  lines.push('', 'Please keep this receipt for your records.');
  return { to: donation.donor_email, subject: `Your donation receipt: ${amount} on ${date}`, text: lines.join('\n') };
}

export interface LapsedInput {
  donation: Pick<DonationRow, 'donor_email' | 'donor_name' | 'currency' | 'interval' | 'amount_cents'>;
  siteTitle: string;
  locale: string;
  /** The provider's words for the refusal. */
  reason: string;
  /** Absolute link to the donate page (203) of the same donation form, to give again. */
  giveAgainUrl: string;
}

/** The mail a donor gets when a renewal of their recurring gift is refused: the gift has stopped. */
export function lapsedMail(input: LapsedInput): { to: string; subject: string; text: string } {
  const { donation } = input;
  const amount = formatMoney(donation.amount_cents, donation.currency, input.locale);
  const every = donation.interval === 'year' ? 'yearly' : 'monthly';
  const lines = [
    `Dear ${donation.donor_name},`,
    '',
    `Your ${every} gift of ${amount} to ${input.siteTitle} could not be charged this time, so it has stopped.`,
    `What the payment provider said: ${input.reason}`,
    'Nothing more will be charged.',
    '',
    `To keep giving, set up your gift again: ${input.giveAgainUrl}`,
    '',
    'Thank you for your support so far.',
  ];
  return {
    to: donation.donor_email,
    subject: `Your ${every} gift to ${input.siteTitle} has stopped`,
    text: lines.join('\n'),
  };
}
