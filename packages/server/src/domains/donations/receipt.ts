import { type DonationInterval, donationIntervalLabel, formatMoney } from '@tessera/core';
import type { DonationRow } from '../../db/schema.js';

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
