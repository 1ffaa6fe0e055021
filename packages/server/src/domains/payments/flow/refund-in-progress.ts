/**
 * Thrown while a provider's refund event cannot be applied yet because an owner's refund of the same
 * payment is on its way (claimed, its answer not written): the webhook answers 503
 * `refund-in-progress` with `Retry-After`, records nothing and keeps the event unseen, so the provider
 * delivers it again once the owner's refund is written. Not a server error: nothing went wrong.
 */
export class RefundInProgressError extends Error {
  constructor(readonly reference: string) {
    super(`The refund ${reference} waits for a refund in progress.`);
    this.name = 'RefundInProgressError';
  }
}

/**
 * How long an owner's refund may stay `pending` (claimed, the provider's answer not written) before
 * the refund-recovery job takes it for one a crash left, and asks the provider again with its key.
 * An owner's refund takes seconds; the SDKs give up on the provider long before this.
 */
export const REFUND_RECOVERY_AFTER_MS = 10 * 60_000;

/** Seconds the provider is asked to wait before it delivers the event again (an owner's refund takes seconds). */
export const REFUND_RETRY_AFTER_SECONDS = 30;
