// What the owner API of outgoing webhooks answers (`/api/config/webhooks`, docs/webhooks.md) is
// `@tessera/core/contracts/webhooks`'s; here are the words the panel shows for it.
import type { WebhookDelivery } from '@tessera/core/contracts/webhooks';

export type { WebhookDelivery, WebhookEndpoint, WebhookListing } from '@tessera/core/contracts/webhooks';

export const EVENT_LABELS: Record<string, string> = {
  'order.created': 'Order created',
  'order.paid': 'Order paid',
  'order.refunded': 'Order refunded',
  'order.fulfilled': 'Order fulfilled',
  'form.submitted': 'Form submitted',
  'newsletter.subscribed': 'Newsletter subscribed',
  'restock.signed_up': 'Restock signed up',
  'subscription.renewed': 'Subscription renewed',
  'subscription.failed': 'Subscription renewal failed',
  'webhook.test': 'Test event',
};

/** How a delivery reads in the log: "Delivered (200)", "Retrying (HTTP 500)", "Failed (…)". */
export function deliveryText(d: WebhookDelivery): string {
  const said = d.responseStatus ? `HTTP ${d.responseStatus}` : (d.error ?? '');
  if (d.status === 'delivered') return `Delivered (${said})`;
  if (d.status === 'failed') return `Failed after ${d.attempts} attempts (${said})`;
  if (d.attempts === 0) return 'Waiting to be sent';
  return `Retrying: ${d.error ?? said}`;
}
