// What the owner API of mailing services answers (`/api/config/mailing-services`, docs/mailing-services.md).

export interface MailingConnection {
  id: string;
  kind: 'mailchimp' | 'webhook';
  label: string;
  audience: { id: string; name: string } | null;
  doubleOptIn: boolean;
  url: string | null;
  delivered: number;
  pending: number;
  failed: number;
  lastError: string | null;
  lastErrorAt: string | null;
  createdAt: string;
}

export interface MailingListing {
  secretsAvailable: boolean;
  secretsMessage: string | null;
  connections: MailingConnection[];
  secret?: string;
}

export interface MailchimpAudience {
  id: string;
  name: string;
  memberCount: number;
}

export interface MailingDelivery {
  id: string;
  email: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  error: string | null;
  createdAt: string;
}

/** "3 sent · 1 waiting · 2 failed". */
export function countsText(c: MailingConnection): string {
  const parts = [`${c.delivered} sent`];
  if (c.pending > 0) parts.push(`${c.pending} waiting`);
  if (c.failed > 0) parts.push(`${c.failed} failed`);
  return parts.join(' · ');
}
