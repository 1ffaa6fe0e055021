// How the outbox panel names a message of the mail outbox (its shape is `@tessera/core/contracts/outbox`'s).

import type { MailKind, MailMessage } from '@tessera/core/contracts/outbox';

/** How a message's delivery reads in the panel. */
export function deliveryText(message: Pick<MailMessage, 'state' | 'attempts'>): string {
  switch (message.state) {
    case 'sent':
      return 'Sent by SMTP';
    case 'retrying':
      return `Not sent yet: the mail server refused it ${message.attempts === 1 ? 'once' : `${message.attempts} times`}; trying again`;
    case 'failed':
      return `Not sent: the mail server refused it ${message.attempts} times`;
    default:
      return 'Kept in the outbox (no SMTP server is set up)';
  }
}

export const KIND_LABELS: Readonly<Record<MailKind, string>> = Object.freeze({
  restock: 'Restock notification',
  'owner-invite': 'Owner invitation',
  'password-reset': 'Password reset',
  order: 'Order',
  subscription: 'Subscription renewal',
  'gift-card': 'Gift card',
  other: 'Other',
});

/** The date and time of a message in the reader's own locale and time zone; the raw text when unreadable. */
export function sentDate(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
