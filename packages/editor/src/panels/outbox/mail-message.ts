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
  /** Issue 18: SMTP refused it and it is tried again (`retrying`), or gave up (`failed`). */
  state: 'sent' | 'kept' | 'retrying' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
}

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
