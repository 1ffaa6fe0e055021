import type { SignUpGroup } from '@tessera/core/contracts/restock';

// How the restock panel words its API's answers (their types are `@tessera/core/contracts/restock`'s).

/** "Linen Shirt (M / Indigo)" */
export function groupLabel(group: Pick<SignUpGroup, 'productTitle' | 'attributes' | 'sku'>): string {
  const options = Object.values(group.attributes).filter(Boolean).join(' / ');
  return options ? `${group.productTitle} (${options})` : group.productTitle || group.sku;
}

export function outcomeText(outcome: { sent: number; failed: number }): string {
  const sent = `${outcome.sent} notification${outcome.sent === 1 ? '' : 's'} sent`;
  return outcome.failed ? `${sent}, ${outcome.failed} failed (they stay pending; send again later)` : sent;
}
