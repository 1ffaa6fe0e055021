import type { RestockOutcome } from '@tessera/core/contracts/inventory';
// What the inventory panel says after a stock edit, and how it reads a typed stock count.

export type { RestockOutcome };

export interface RestockNotice {
  text: string;
  /** Offer "Send restock notifications": sign-ups wait and the store sends by hand. */
  canSend: boolean;
}

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);
const notifications = (n: number) => (n === 1 ? '1 restock notification' : `${n} restock notifications`);

/** The message for a variant back in stock, per the store's `restockAutoSend` setting. */
export function restockNotice(outcome: RestockOutcome | null, name: string): RestockNotice | undefined {
  if (!outcome) return undefined;
  if (outcome.autoSend && (outcome.sent > 0 || outcome.failed > 0)) {
    const failed = outcome.failed > 0 ? ` ${outcome.failed} could not be sent; they will be tried again.` : '';
    return { text: `${name} is back in stock: ${notifications(outcome.sent)} sent.${failed}`, canSend: false };
  }
  if (outcome.pending === 0) {
    return { text: `${name} is back in stock. Nobody asked to hear about it.`, canSend: false };
  }
  return {
    text: `${name} is back in stock. ${people(outcome.pending)} asked to hear about it; restock notifications are sent by hand in this store.`,
    canSend: true,
  };
}

/** The answer of `POST /api/site-users/account/notifications/restock/send`, in words. */
export function sentNotice(result: { sent: number; failed: number }, name: string): string {
  const failed = result.failed > 0 ? ` ${result.failed} could not be sent.` : '';
  return `${notifications(result.sent)} sent for ${name}.${failed}`;
}

/** A typed stock count: a whole number from 0 to 1,000,000, or a message saying what to type. */
export function parseStock(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > 1_000_000) {
    return { ok: false, message: 'Give the stock as a whole number from 0 to 1,000,000.' };
  }
  return { ok: true, value: Number(trimmed) };
}
