// A message of the mail outbox as `GET /api/config/mail-outbox` answers it, and how the panel names it.

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string | null;
  createdAt: string;
  sentAt: string | null;
  via: 'smtp' | 'outbox';
}

export interface OutboxPage {
  messages: MailMessage[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export const KIND_LABELS: Readonly<Record<string, string>> = Object.freeze({
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
