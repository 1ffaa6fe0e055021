// What the owner API of mailing services answers (`/api/config/mailing-services`, docs/mailing-services.md)
// is `@tessera/core/contracts/mailing-services`'s.
import type { MailingConnection } from '@tessera/core/contracts/mailing-services';

export type {
  MailchimpAudience,
  MailingConnection,
  MailingDelivery,
  MailingListing,
} from '@tessera/core/contracts/mailing-services';

/** "3 sent · 1 waiting · 2 failed". */
export function countsText(c: MailingConnection): string {
  const parts = [`${c.delivered} sent`];
  if (c.pending > 0) parts.push(`${c.pending} waiting`);
  if (c.failed > 0) parts.push(`${c.failed} failed`);
  return parts.join(' · ');
}
